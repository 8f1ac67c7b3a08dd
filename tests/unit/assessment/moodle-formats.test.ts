import { expect } from 'chai';
import { parseGift } from '../../../domain/assessment/import/gift.js';
import { parseAiken } from '../../../domain/assessment/import/aiken.js';
import type { QuestionDraft } from '../../../domain/assessment/question.js';

/**
 * GIFT and Aiken as Moodle reads them, with Moodle's own fixtures (moodle/moodle
 * question/format/gift/tests/fixtures/questions.gift.txt, question/format/aiken/tests/fixtures/*)
 * and the expectations of its unit tests (giftformat_test.php, aikenformat_test.php).
 */
const MOODLE_GIFT = `// essay
::Q8:: How are you? {}

// question: 2  name: Moodle activities
::Moodle activities::[html]Match the <b>activity</b> to the description.{
    =[html]An activity supporting asynchronous discussions. -> Forum
    =[moodle]A teacher asks a question and specifies a choice of multiple responses. -> Choice
    =[plain]A bank of record entries which participants can add to. -> Database
    =[markdown]A collection of web pages that anyone can add to or edit. -> Wiki
    = -> Chat
}

// multiple choice with specified feedback for right and wrong answers
::Q2:: What's between orange and green in the spectrum?
{
    =yellow # right; good!
    ~red # [html]wrong, it's yellow
    ~[plain]blue # wrong, it's yellow
}

// multiple choice, multiple response with specified feedback for right and wrong answers
::colours:: What's between orange and green in the spectrum?
{
    ~%50%yellow # right; good!
    ~%-100%red # [html]wrong
    ~%50%off-beige # right; good!
    ~%-100%[plain]blue # wrong
}

// math range question
::Q5:: What is a number from 1 to 5? {#3:2~#Completely wrong}

// question: 666  name: Shortanswer
::Shortanswer::Which is the best animal?{
    =Frog#Good!
    =%50%Cat#What is it with Moodlers and cats?
    =%0%*#Completely wrong
}

// true/false, with general feedback
::Q1:: 42 is the Absolute Answer to everything.{
FALSE#42 is the Ultimate Answer.#You gave the right answer.
####This is, of course, a Hitchiker's Guide to the Galaxy reference.}

// name 0-11
::2-08 TSL::TSL is blablabla.{T}

// name 0-11
::2-08 TSL::TSL is blablabla.{TRUE}
`;

const options = (q: QuestionDraft) =>
  q.options.map((o) => ({
    text: o.text,
    isCorrect: o.isCorrect,
    weight: o.weight ?? null,
    ...(o.tolerance !== undefined ? { tolerance: o.tolerance } : {}),
    ...(o.match ? { match: o.match } : {}),
  }));

describe("assessment import: GIFT as Moodle reads it (Moodle's fixture)", () => {
  const parsed = parseGift(MOODLE_GIFT);
  const qs = parsed.ok ? parsed.value : [];

  it("imports every question of the fixture with Moodle's types", () => {
    expect(parsed.ok, parsed.ok ? '' : parsed.error).to.equal(true);
    expect(qs.map((q) => q.type)).to.deep.equal([
      'essay',
      'matching',
      'multiple_choice',
      'multiple_answer',
      'numerical',
      'short_answer',
      'true_false',
      'true_false',
      'true_false',
    ]);
  });

  it('essay {}; matching pairs with an extra choice; HTML text kept, format tags removed', () => {
    expect(qs[0]).to.deep.include({ text: 'How are you?', options: [] });
    expect(qs[1]!.text).to.equal('Match the <b>activity</b> to the description.');
    expect(options(qs[1]!)).to.deep.equal([
      { text: 'An activity supporting asynchronous discussions.', isCorrect: true, weight: null, match: 'Forum' },
      { text: 'A teacher asks a question and specifies a choice of multiple responses.', isCorrect: true, weight: null, match: 'Choice' },
      { text: 'A bank of record entries which participants can add to.', isCorrect: true, weight: null, match: 'Database' },
      { text: 'A collection of web pages that anyone can add to or edit.', isCorrect: true, weight: null, match: 'Wiki' },
      { text: '', isCorrect: false, weight: null, match: 'Chat' },
    ]);
  });

  it('~[plain]blue stores "blue" (the tag is removed), feedback dropped', () => {
    expect(options(qs[2]!)).to.deep.equal([
      { text: 'yellow', isCorrect: true, weight: null },
      { text: 'red', isCorrect: false, weight: null },
      { text: 'blue', isCorrect: false, weight: null },
    ]);
  });

  it('%n% weights become option weights (multiple response: 50/−100/50/−100)', () => {
    expect(options(qs[3]!)).to.deep.equal([
      { text: 'yellow', isCorrect: true, weight: 0.5 },
      { text: 'red', isCorrect: false, weight: -1 },
      { text: 'off-beige', isCorrect: true, weight: 0.5 },
      { text: 'blue', isCorrect: false, weight: -1 },
    ]);
  });

  it('numerical {#3:2~#Completely wrong}: answers 3 ± 2 (full marks) and * (0), as Moodle expects', () => {
    expect(qs[4]!.text).to.equal('What is a number from 1 to 5?');
    expect(options(qs[4]!)).to.deep.equal([
      { text: '3', isCorrect: true, weight: 1, tolerance: 2 },
      { text: '*', isCorrect: false, weight: 0, tolerance: 0 },
    ]);
    const range = parseGift('Between {#1..5}');
    expect(range.ok && options(range.value[0]!)).to.deep.equal([{ text: '3', isCorrect: true, weight: null, tolerance: 2 }]);
    const many = parseGift('When was Ulysses S. Grant born? {#\n=1822:0 # Correct!\n=%50%1822:2 # close\n}');
    expect(many.ok && options(many.value[0]!)).to.deep.equal([
      { text: '1822', isCorrect: true, weight: 1, tolerance: 0 },
      { text: '1822', isCorrect: true, weight: 0.5, tolerance: 2 },
    ]);
  });

  it('partial-credit short answers: Frog 100 %, Cat 50 %, * 0 %', () => {
    expect(options(qs[5]!)).to.deep.equal([
      { text: 'Frog', isCorrect: true, weight: 1 },
      { text: 'Cat', isCorrect: true, weight: 0.5 },
      { text: '*', isCorrect: false, weight: 0 },
    ]);
  });

  it('true/false with feedback and general feedback; {T} and {TRUE}', () => {
    expect(qs[6]!.text).to.equal('42 is the Absolute Answer to everything.');
    expect(qs.slice(6).map((q) => q.options.find((o) => o.isCorrect)!.text)).to.deep.equal(['False', 'True', 'True']);
  });

  it('{=Paris =paris} imports (answers equal but for case are not duplicates of choices)', () => {
    const r = parseGift('Capital of France? {=Paris =paris}');
    expect(r.ok && r.value[0]!.options.map((o) => o.text)).to.deep.equal(['Paris', 'paris']);
  });
});

describe("assessment import: Aiken as Moodle reads it (Moodle's fixtures)", () => {
  it('imports questions.aiken.txt', () => {
    const r = parseAiken(
      'The Moodle project was started by:\nA) Petr Skoda\nB) Martin Dougiamas\nC) Eloy Lafuente\nD) Tim Hunt\nANSWER: B\n\n' +
        'Moodle\'s abilities include handling user input that includes <html class="cool"> & images:\nA) True\nB) False\nANSWER: A\n',
    );
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.text, q.options.length, q.options.findIndex((o) => o.isCorrect)])).to.deep.equal([
      ['The Moodle project was started by:', 4, 1],
      ['Moodle\'s abilities include handling user input that includes <html class="cool"> & images:', 2, 0],
    ]);
  });

  it('reads options without a space (A)text), as aikenformat_test expects', () => {
    const r = parseAiken('A second good question\nA)Incorrect (No space)\nB)Correct (No space)\nANSWER: B');
    expect(r.ok && r.value[0]!.options.map((o) => [o.text, o.isCorrect])).to.deep.equal([
      ['Incorrect (No space)', false],
      ['Correct (No space)', true],
    ]);
  });

  it('aiken_errors.txt: the errors Moodle reports reject the file (all or nothing), naming the first', () => {
    const errors =
      'A question with too few answers\nA) Only answer\nANSWER: A\n\nA) Question not started\n\nANSWER: Question not started\n\n' +
      'A good question\nA) Correct\nB) Incorrect\nANSWER: A\n\nA question started but not finished\nA) Correct-ish\nB) Incorrect-ish\n\n' +
      'A second good question\nA)Incorrect (No space)\nB)Correct (No space)\nANSWER: B';
    const r = parseAiken(errors);
    expect(r.ok ? '' : r.error).to.match(/^question 1 \(line 1\): needs at least two options/);
    const unfinished = parseAiken(
      'A question started but not finished\nA) Correct-ish\nB) Incorrect-ish\n\nA second good question\nA)x\nB)y\nANSWER: B',
    );
    expect(unfinished.ok ? '' : unfinished.error).to.match(/missing the ANSWER/);
  });
});
