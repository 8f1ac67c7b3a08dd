import { expect } from 'chai';
import { questionsFromCsvRecords } from '../../../domain/assessment/import/csv-rows.js';
import { parseGift } from '../../../domain/assessment/import/gift.js';
import { parseAiken } from '../../../domain/assessment/import/aiken.js';
import { questionImportParser } from '../../../adapters/parsers/question-import.parser.js';

const HEADER = ['question_type', 'question_text', 'points', 'correct', 'option_1', 'option_2', 'option_3'];
const fail = (r: { ok: boolean; error?: string }) => (r.ok ? '' : r.error!);

describe('assessment import: CSV rows', () => {
  it('reads every type, defaults points to 1, allows short rows and any header order/case', () => {
    const r = questionsFromCsvRecords([
      ['Question_Text', 'QUESTION_TYPE', 'correct', 'option_1', 'option_2', 'option_3'],
      ['Pick b', 'multiple_choice', '2', 'a', 'b', ''],
      ['Pick a and c', 'multiple_answer', '1|3', 'a', 'b', 'c'],
      ['True?', 'true_false', 'false'],
      ['Name it', 'short_answer', '', 'x'],
      ['', '', '', ''],
    ]);
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.type, q.points, q.options.map((o) => `${o.text}:${o.isCorrect}`)])).to.deep.equal([
      ['multiple_choice', 1, ['a:false', 'b:true']],
      ['multiple_answer', 1, ['a:true', 'b:false', 'c:true']],
      ['true_false', 1, ['True:false', 'False:true']],
      ['short_answer', 1, ['x:true']],
    ]);
  });

  it('names the first bad row (spreadsheet numbering, header = row 1)', () => {
    const cases: Array<[string[], RegExp]> = [
      [['multiple_choice', 'x', '1', '', 'a', 'b'], /^row 3: correct is required/],
      [['multiple_choice', 'x', 'one', '1', 'a', 'b'], /^row 3: points "one" is not a whole number/],
      [['multiple_choice', 'x', '1', '1|1', 'a', 'b'], /^row 3: correct names option 1 twice/],
      [['multiple_choice', 'x', '1', '1', 'a', '', 'c'], /^row 3: option_2 is empty/],
      [['multiple_answer', 'x', '1', '0', 'a', 'b'], /^row 3: correct "0" is not an option number/],
      [['true_false', 'x', '1', 'maybe'], /^row 3: correct of a true_false row/],
      [['short_answer', 'x', '1', '', ''], /^row 3: short_answer needs at least one accepted answer/],
    ];
    for (const [row, message] of cases) {
      const r = questionsFromCsvRecords([HEADER, ['true_false', 'ok', '1', '1'], row]);
      expect(fail(r), row.join()).to.match(message);
    }
    expect(fail(questionsFromCsvRecords([['question_type', 'question_text', 'option_2']]))).to.match(
      /^row 1: option columns must be option_1/,
    );
    expect(fail(questionsFromCsvRecords([['question_text']]))).to.match(/^row 1: the header needs/);
    expect(fail(questionsFromCsvRecords([HEADER]))).to.equal('the file has no questions');
    expect(fail(questionsFromCsvRecords([]))).to.equal('the file is empty');
  });

  it('the adapter parses quotes, BOM and new lines in cells, and numbers a malformed row', () => {
    const csv =
      '\uFEFFquestion_type,question_text,points,correct,option_1,option_2\n' +
      'multiple_choice,"Line one\nline two, with comma",1,1,"say ""hi""",bye\n';
    const r = questionImportParser.parse('csv', csv);
    expect(r.ok).to.equal(true);
    if (r.ok) {
      expect(r.value[0]!.text).to.equal('Line one\nline two, with comma');
      expect(r.value[0]!.options[0]!.text).to.equal('say "hi"');
    }
    const bad = questionImportParser.parse('csv', `${csv}multiple_choice,"open,1,1,a,b\n`);
    expect(!bad.ok && bad.detail).to.match(/^row 3: malformed CSV/);
  });
});

describe('assessment import: GIFT', () => {
  it('reads the supported question kinds', () => {
    const r = parseGift(
      [
        '// a comment',
        '::Title\\: with colon:: What is {~a =b ~c} here?',
        '',
        'Sky is blue {TRUE#yes it is}',
        '',
        'Two words{=first =second}',
        '',
        'Select all {~%50%one ~%50%two ~%-100%three}',
        '',
        '[markdown]Single right weighted {~%100%yes ~no}',
      ].join('\n'),
    );
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    // Moodle: with no `=` answer no single answer is 100 % right, so the last one is multiple_answer too.
    expect(r.value.map((q) => q.type)).to.deep.equal([
      'multiple_choice',
      'true_false',
      'short_answer',
      'multiple_answer',
      'multiple_answer',
    ]);
    expect(r.value[0]!.text).to.equal('What is _____ here?');
    expect(r.value[1]!.options.map((o) => o.isCorrect)).to.deep.equal([true, false]);
    expect(r.value[4]!.text).to.equal('Single right weighted');
    expect(r.value.every((q) => q.points === 1)).to.equal(true);
  });

  it("files questions under the `$CATEGORY:` in effect (Moodle's qformat_gift), for a bank import", () => {
    const text = [
      'At the top {T}',
      '',
      '$CATEGORY: $course$/top/Algebra',
      '',
      '// a comment between',
      'Sums {T}',
      '',
      '$CATEGORY: $course$/top/Algebra/Linear//Affine',
      'Lines {F}',
      '',
      'Slopes {T}',
      '',
      '$CATEGORY: Geometry',
      '',
      '$CATEGORY: $course$/top',
      '',
      'Back {F}',
    ].join('\n');
    const parsed = parseGift(text);
    expect(parsed.ok && parsed.value.map((q) => q.text)).to.deep.equal(['At the top', 'Sums', 'Lines', 'Slopes', 'Back']);
    // A question on the lines right below a `$CATEGORY:` line is read, not folded into the name.
    const withPaths = questionImportParser.parseWithCategories('gift', text);
    expect(withPaths.ok && withPaths.value.categoryPaths).to.deep.equal([
      [],
      ['Algebra'],
      ['Algebra', 'Linear/Affine'],
      ['Algebra', 'Linear/Affine'],
      [],
    ]);
    expect(fail(parseGift('$CATEGORY: A\nBroken {'))).to.match(/^question 1 \(line 2\): the answer block/);
    expect(fail(parseGift('$CATEGORY: Only a category\n'))).to.equal('the file has no questions');
    const aiken = questionImportParser.parseWithCategories('aiken', 'Q\nA. x\nB. y\nANSWER: A');
    expect(aiken.ok && aiken.value.categoryPaths).to.equal(null);
  });

  it('refuses what it cannot read, naming the question and its line', () => {
    expect(fail(parseGift('Ok {T}\n\nMatch {=a -> 1 =b}'))).to.match(/^question 2 \(line 3\): every answer of a matching question/);
    expect(fail(parseGift('Open {=a'))).to.match(/not closed/);
    expect(fail(parseGift('Num {#abc}'))).to.match(/not a number/);
    expect(fail(parseGift('Num {#5..1}'))).to.match(/min\.\.max/);
    expect(fail(parseGift('No right {~a ~b}'))).to.match(/multiple_answer needs at least one correct option/);
    expect(fail(parseGift('// only comments\n'))).to.equal('the file has no questions');
  });
});

describe('assessment import: Aiken', () => {
  it('reads questions with or without blank lines between them', () => {
    const r = parseAiken('Q one?\nA. x\nB. y\nANSWER: B\nQ two\nspans lines?\nA) p\nB) q\nC) r\nANSWER: c\n');
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.type, q.text, q.options.findIndex((o) => o.isCorrect)])).to.deep.equal([
      ['multiple_choice', 'Q one?', 1],
      ['multiple_choice', 'Q two\nspans lines?', 2],
    ]);
  });

  it('names the broken question', () => {
    expect(fail(parseAiken('Q?\nA. x\nB. y\n\nNext?\nA. 1\nB. 2\nANSWER: A'))).to.match(/^question 1 \(line 1\): missing the ANSWER/);
    expect(fail(parseAiken('Q?\nA. x\nC. y\nANSWER: A'))).to.match(/option C where B was expected/);
    expect(fail(parseAiken('Q?\nA. x\nANSWER: A'))).to.match(/at least two options/);
    expect(fail(parseAiken('ANSWER: A'))).to.match(/ANSWER without a question/);
  });
});
