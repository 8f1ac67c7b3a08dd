import { expect } from 'chai';
import { checkAnswer, gradeAttempt, gradeQuestion } from '../../../domain/assessment/grading.js';
import { orderingFraction } from '../../../domain/assessment/ordering-grading.js';
import {
  ORDERING_GRADINGS,
  randomGuessScore,
  validateQuestion,
  type Question,
  type QuestionDraft,
} from '../../../domain/assessment/question.js';
import { shownItemOrder } from '../../../domain/assessment/shuffle.js';
import { parseGift } from '../../../domain/assessment/import/gift.js';
import { questionsFromCsvRecords } from '../../../domain/assessment/import/csv-rows.js';
import { questionExportWriter, questionImportParser } from '../../../adapters/parsers/question-import.parser.js';
import { parseXml } from '../../../adapters/parsers/moodle-xml.parser.js';
import { buildQuestion, questionsFromDrafts } from '../../../application/assessment/question-input.js';
import { questionStudentView } from '../../../adapters/http/wire/assessment.present.js';
import { WEIGHT_SCALE } from '../../../domain/assessment/marks.js';

let n = 0;
const ids = { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
const at = new Date('2026-01-01T00:00:00Z');
const fail = (r: { ok: boolean; error?: string; detail?: string | undefined }) => (r.ok ? '' : (r.error ?? r.detail ?? ''));

/** qtype_ordering's test question (tests/helper.php): six words in their correct order. */
const CORRECT = ['Modular', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Environment'];

const built = (drafts: QuestionDraft[]): Question[] =>
  questionsFromDrafts(
    ids,
    't',
    'q',
    drafts.map((d) => {
      const v = validateQuestion(d);
      if (!v.ok) throw new Error(`${d.text}: ${v.error}`);
      return v.value;
    }),
    1,
    at,
  );

const moodleQuestion = (points = 1) =>
  built([{ type: 'ordering', text: 'Put these words in order.', points, options: CORRECT.map((text) => ({ text, isCorrect: true })) }])[0]!;
/** A response as qtype_ordering_test_helper::get_response builds it: the items named in order. */
const response = (q: Question, words: readonly string[]) => words.map((w) => q.options.find((o) => o.text === w)!.id);

describe('assessment domain: ordering questions (qtype_ordering, relative to correct position by default)', () => {
  it("scores Moodle's own cases of test_grading_relative_to_correct exactly", () => {
    const q = moodleQuestion();
    const fraction = (words: readonly string[]) =>
      orderingFraction(
        'relative_to_correct',
        q.options.map((o) => o.id),
        response(q, words),
      ) / WEIGHT_SCALE;
    // All in place: [1, gradedright].
    expect(fraction(CORRECT)).to.equal(1);
    // Reversed: Moodle asserts [0.4, gradedpartial] ("very generous"): 0 + 2 + 4 + 4 + 2 + 0 of 6 × 5.
    expect(fraction(['Environment', 'Learning', 'Dynamic', 'Oriented', 'Object', 'Modular'])).to.equal(0.4);
    // Moodle asserts 0.6 < f < 0.7: five items one place off (4 each), Modular five off (0): 20 / 30.
    expect(fraction(['Object', 'Oriented', 'Dynamic', 'Learning', 'Environment', 'Modular'])).to.equal(0.6666667);
    // test_get_num_parts_right's response: 4 + 4 + 4 + 2 + 5 + 5 = 24 of 30.
    expect(fraction(['Dynamic', 'Modular', 'Object', 'Oriented', 'Learning', 'Environment'])).to.equal(0.8);
  });

  it("marks the question's points with the fraction; full marks only in order; no answer earns 0", () => {
    const q = moodleQuestion(3);
    expect(gradeQuestion(q, response(q, CORRECT))).to.include({ isCorrect: true, pointsAwarded: 3, maxPoints: 3 });
    expect(gradeQuestion(q, response(q, ['Environment', 'Learning', 'Dynamic', 'Oriented', 'Object', 'Modular']))).to.include({
      isCorrect: false,
      pointsAwarded: 1.2,
    });
    expect(gradeQuestion(q, response(q, ['Object', 'Oriented', 'Dynamic', 'Learning', 'Environment', 'Modular']))).to.include({
      pointsAwarded: 2.0000001,
    });
    expect(gradeQuestion(q, null)).to.include({ isCorrect: false, pointsAwarded: 0 });
    // Two items: swapped, each is one place off and earns max(0, 1 − 1) = 0.
    const two = built([
      {
        type: 'ordering',
        text: 'Two',
        points: 1,
        options: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: true },
        ],
      },
    ])[0]!;
    expect(gradeQuestion(two, [two.options[1]!.id, two.options[0]!.id]).pointsAwarded).to.equal(0);
    expect(randomGuessScore(q)).to.equal(0);
  });

  it('takes as answer every item id once, in the order chosen; anything else is refused', () => {
    const q = moodleQuestion();
    const all = q.options.map((o) => o.id);
    expect(checkAnswer(q, [...all].reverse())).to.deep.equal({ ok: true, value: [...all].reverse() });
    expect(checkAnswer(q, [])).to.deep.equal({ ok: true, value: [] });
    for (const bad of [all.slice(1), [...all.slice(1), all[1]!], [...all.slice(1), 'nope'], [...all, all[0]!]]) {
      expect(fail(checkAnswer(q, bad))).to.equal('an ordering answer lists every item id of this question once, in the chosen order');
    }
  });

  it('validates items: two at least, unique, no weights, tolerances or matches', () => {
    expect(fail(validateQuestion({ type: 'ordering', text: 'One', points: 1, options: [{ text: 'a', isCorrect: true }] }))).to.match(
      /at least two items/,
    );
    expect(
      fail(
        validateQuestion({
          type: 'ordering',
          text: 'Twice',
          points: 1,
          options: [
            { text: 'a', isCorrect: true },
            { text: 'A', isCorrect: true },
          ],
        }),
      ),
    ).to.match(/appears twice/);
    expect(
      fail(
        validateQuestion({
          type: 'ordering',
          text: 'W',
          points: 1,
          options: [
            { text: 'a', isCorrect: true, weight: 1 },
            { text: 'b', isCorrect: true, weight: 0 },
          ],
        }),
      ),
    ).to.equal('ordering options take no weight');
    const ok = validateQuestion({
      type: 'ordering',
      text: ' Order ',
      points: 2,
      options: [
        { text: ' b ', isCorrect: false },
        { text: 'a', isCorrect: false },
      ],
    });
    expect(ok.ok && ok.value.options.map((o) => [o.text, o.isCorrect])).to.deep.equal([
      ['b', true],
      ['a', true],
    ]);
  });

  it('shows the items shuffled per attempt, stable on resume; outside an attempt by text', () => {
    const q = moodleQuestion();
    const shown = (seed: number | null) => questionStudentView(q, seed).options.map((o) => o.option_text);
    expect(shown(7)).to.deep.equal(shown(7));
    expect(shown(7)).to.have.members(CORRECT);
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((s) => shown(s).join(',')));
    expect(orders.size).to.be.greaterThan(4);
    expect(shown(null)).to.deep.equal([...CORRECT].sort((a, b) => a.localeCompare(b)));
    expect(shownItemOrder('other', q.options, 7).map((o) => o.text)).to.not.deep.equal(shown(7)); // another question, another order
    expect(JSON.stringify(questionStudentView(q, 7))).to.not.include('is_correct');
  });
});

describe('assessment domain: description items (qtype_description)', () => {
  it('have text only, no mark; take no answer; are left out of the grade and its maximum', () => {
    expect(fail(validateQuestion({ type: 'description', text: 'Read', points: 1, options: [] }))).to.equal(
      'a description has no mark: its points are 0',
    );
    expect(fail(validateQuestion({ type: 'description', text: 'Read', points: 0, options: [{ text: 'x', isCorrect: true }] }))).to.equal(
      'a description has no options',
    );
    expect(fail(validateQuestion({ type: 'description', text: ' ', points: 0, options: [] }))).to.equal('question_text is required');
    const [intro, mc] = built([
      { type: 'description', text: '<p>Part 1</p>', points: 0, options: [] },
      {
        type: 'multiple_choice',
        text: 'Pick a',
        points: 2,
        options: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: false },
        ],
      },
    ]);
    expect(fail(checkAnswer(intro!, ['x']))).to.equal('a description takes no answer');
    expect(fail(checkAnswer(intro!, []))).to.equal('a description takes no answer');
    const grade = gradeAttempt([intro!, mc!], new Map([[mc!.id, [mc!.options[0]!.id]]]), 50);
    expect(grade.results.map((r) => r.questionId)).to.deep.equal([mc!.id]);
    expect(grade).to.include({ score: 2, maxScore: 2, percentage: 100, passed: true });
    expect(randomGuessScore(intro!)).to.equal(null);
    expect(questionStudentView(intro!).options).to.deep.equal([]);
  });

  it('an update to or from a description takes its points from the type: 0 for it, 1 after it unless given', () => {
    const [intro, mc] = built([
      { type: 'description', text: 'Part 1', points: 0, options: [] },
      {
        type: 'multiple_choice',
        text: 'Pick a',
        points: 2,
        options: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: false },
        ],
      },
    ]);
    const toDescription = buildQuestion(ids, { type: 'description' }, mc!);
    expect(toDescription.ok && [toDescription.value.points, toDescription.value.options]).to.deep.equal([0, []]);
    const marked = buildQuestion(ids, { type: 'description', points: 2 }, mc!);
    expect(marked.ok ? '' : marked.detail).to.equal('a description has no mark: its points are 0');
    const back = buildQuestion(ids, { type: 'ordering', options: [{ text: 'x' }, { text: 'y' }] }, intro!);
    expect(back.ok && [back.value.type, back.value.points]).to.deep.equal(['ordering', 1]);
  });
});

/** Shaped as qtype_ordering's fixtures (tests/fixtures/testimport.moodle.xml, testexport.moodle.xml), in a quiz. */
const orderingXml = (settings: string) => `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="ordering">
    <name>
      <text>Moodle</text>
    </name>
    <questiontext format="html">
      <text>Put these words in order.</text>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[Modular Object Oriented Dynamic Learning Environment.]]></text>
    </generalfeedback>
    <defaultgrade>1</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber>myid</idnumber>
${settings}
    <correctfeedback format="html">
      <text><![CDATA[<p>Correct.</p>]]></text>
    </correctfeedback>
    <partiallycorrectfeedback format="html">
      <text><![CDATA[<p>Partly.</p>]]></text>
    </partiallycorrectfeedback>
    <incorrectfeedback format="html">
      <text><![CDATA[<p>No.</p>]]></text>
    </incorrectfeedback>
${CORRECT.map(
  (w, i) => `    <answer fraction="${i + 1}.0000000" format="html">
      <text>${w}</text>
      <feedback format="html">
        <text><![CDATA[${w} is correct.]]></text>
      </feedback>
    </answer>`,
).join('\n')}
    <hint format="html">
      <text>Hint 1</text>
    </hint>
  </question>
  <question type="description">
    <name>
      <text>A description</text>
    </name>
    <questiontext format="html">
      <text>The question text.</text>
    </questiontext>
    <generalfeedback format="html">
      <text>Here is some general feedback.</text>
    </generalfeedback>
    <defaultgrade>0</defaultgrade>
    <penalty>0</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
  </question>
</quiz>
`;

/**
 * qtype_ordering's tests/fixtures/testquestion.moodle.xml as Moodle's exporter wrote it: a category,
 * then the question with every setting (ABSOLUTE_POSITION over ALL items, HORIZONTAL), the items'
 * `moodle_auto_format`, and hints without text.
 */
const QTYPE_ORDERING_TESTQUESTION = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <!-- question: 0  -->
  <question type="category">
    <category>
      <text>$course$/Test questions</text>
    </category>
  </question>
  <!-- question: 1357  -->
  <question type="ordering">
    <name>
      <text>dd-ordering 1</text>
    </name>
    <questiontext format="html">
      <text>Put these words in order.</text>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<p>The correct answer is "Modular Object Oriented Dynamic Learning Environment".</p>]]></text>
    </generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber>dd1</idnumber>
    <layouttype>HORIZONTAL</layouttype>
    <selecttype>ALL</selecttype>
    <selectcount>2</selectcount>
    <gradingtype>ABSOLUTE_POSITION</gradingtype>
    <showgrading>SHOW</showgrading>
    <correctfeedback format="html">
      <text>Your answer is correct.</text>
    </correctfeedback>
    <partiallycorrectfeedback format="html">
      <text>Your answer is partially correct.</text>
    </partiallycorrectfeedback>
    <incorrectfeedback format="html">
      <text>Your answer is incorrect.</text>
    </incorrectfeedback>
    <shownumcorrect>1</shownumcorrect>
${CORRECT.map(
  (w, i) => `    <answer fraction="${i + 1}.0000000" format="moodle_auto_format">
      <text>${w}</text>
    </answer>`,
).join('\n')}
    <hint format="html">
      <text/>
      <shownumcorrect/>
    </hint>
    <hint format="html">
      <text/>
      <options>1</options>
    </hint>
  </question>
</quiz>
`;

const read = (xml: string) => questionImportParser.parse('moodle_xml', xml);
const readFail = (xml: string) => {
  const r = read(xml);
  return r.ok ? '' : (r.detail ?? '');
};

describe('assessment import and export: Moodle XML ordering and description', () => {
  it('imports an ordering question graded RELATIVE_TO_CORRECT over all its items, and a description with no mark', () => {
    const r = read(
      orderingXml(`    <layouttype>HORIZONTAL</layouttype>
    <selecttype>ALL</selecttype>
    <selectcount>0</selectcount>
    <gradingtype>RELATIVE_TO_CORRECT</gradingtype>
    <showgrading>SHOW</showgrading>
    <numberingstyle>none</numberingstyle>`),
    );
    expect(r.ok, r.ok ? '' : r.detail).to.equal(true);
    if (!r.ok) return;
    const [ordering, description] = r.value;
    expect(ordering).to.deep.include({ type: 'ordering', text: 'Put these words in order.', points: 1 });
    expect(ordering!.options.map((o) => [o.text, o.isCorrect])).to.deep.equal(CORRECT.map((w) => [w, true]));
    expect(description).to.deep.equal({ type: 'description', text: 'The question text.', points: 0, options: [] });
    // Moodle forces a description's grade to 0 whatever the file says.
    const graded = read(
      orderingXml('<gradingtype>relative_to_correct</gradingtype><selecttype>RANDOM</selecttype><selectcount>6</selectcount>').replace(
        '<defaultgrade>0</defaultgrade>',
        '<defaultgrade>1.0000000</defaultgrade>',
      ),
    );
    expect(graded.ok && graded.value[1]!.points).to.equal(0);
  });

  it("reads <gradingtype> as qtype_ordering's import does: every type, and RELATIVE_NEXT_EXCLUDE_LAST when missing or unknown", () => {
    const grading = (settings: string) => {
      const r = read(orderingXml(settings));
      if (!r.ok) throw new Error(r.detail);
      return r.value[0]!.orderingGrading;
    };
    for (const g of ORDERING_GRADINGS) {
      expect(grading(`<gradingtype>${g.toUpperCase()}</gradingtype>`)).to.equal(g);
      expect(grading(`<gradingtype> ${g} </gradingtype>`)).to.equal(g);
    }
    expect(grading('<gradingtype>ABS</gradingtype>')).to.equal('absolute_position');
    expect(grading('<gradingtype>Absolute</gradingtype>')).to.equal('absolute_position');
    // Moodle's import fixture (testimport.moodle.xml) has no <gradingtype>, its export fixture an empty one:
    // set_options_for_import's default (RELATIVE, then any unknown word) is RELATIVE_NEXT_EXCLUDE_LAST.
    for (const settings of [
      '<numberingstyle>none</numberingstyle>',
      '<gradingtype></gradingtype>',
      '<gradingtype>RELATIVE</gradingtype>',
    ]) {
      expect(grading(settings)).to.equal('relative_next_exclude_last');
    }
    expect(grading('<gradingtype>REL</gradingtype>')).to.equal('relative_next_exclude_last');
    expect(grading('<gradingtype>7</gradingtype>')).to.equal('relative_next_exclude_last');
  });

  it('still refuses an ordering showing a subset of its items, naming the question', () => {
    expect(
      readFail(orderingXml('<gradingtype>RELATIVE_TO_CORRECT</gradingtype><selecttype>RANDOM</selecttype><selectcount>3</selectcount>')),
    ).to.equal(
      'question 1 ("Moodle"): it shows a random subset of 3 of its 6 items, which is not supported: give <selecttype>ALL</selecttype>',
    );
    expect(
      readFail(orderingXml('<gradingtype>ABSOLUTE_POSITION</gradingtype><selecttype>CONTIGUOUS</selecttype><selectcount></selectcount>')),
    ).to.match(/^question 1 \("Moodle"\): it shows a contiguous subset of 2 of its 6/);
    // No <selecttype>: Moodle's default RANDOM of 6, here all six; the old names <logical>/<studentsee> still count.
    expect(read(orderingXml('<gradingtype>RELATIVE_TO_CORRECT</gradingtype>')).ok).to.equal(true);
    expect(
      readFail(orderingXml('<gradingtype>RELATIVE_TO_CORRECT</gradingtype><logical>RANDOM</logical><studentsee>4</studentsee>')),
    ).to.match(/random subset of 4 of its 6/);
    expect(
      readFail(
        orderingXml('<gradingtype>RELATIVE_TO_CORRECT</gradingtype><selecttype>ALL</selecttype>').replace(
          /<answer fraction="[2-6][\s\S]*?<\/answer>/g,
          '',
        ),
      ),
    ).to.match(/at least two items/);
  });

  it("imports qtype_ordering's test question file (tests/fixtures/testquestion.moodle.xml): ABSOLUTE_POSITION over all six", () => {
    const r = read(QTYPE_ORDERING_TESTQUESTION);
    expect(r.ok, r.ok ? '' : r.detail).to.equal(true);
    if (!r.ok) return;
    expect(r.value).to.have.length(1);
    const [q] = r.value;
    expect(q).to.deep.include({ type: 'ordering', text: 'Put these words in order.', points: 1, orderingGrading: 'absolute_position' });
    expect(q!.options.map((o) => o.text)).to.deep.equal(CORRECT);
    // Graded as Moodle grades that question: 4 of 6 in place.
    const [stored] = built([q!]);
    const words = ['Environment', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Modular'];
    expect(gradeQuestion(stored!, response(stored!, words))).to.include({ pointsAwarded: 0.6666667 });
  });

  it('round trip: ordering and description export as qtype_ordering and qformat_xml write them, and import back', () => {
    const questions = built([
      { type: 'description', text: '<p>Part 1: read <b>this</b></p>', points: 0, options: [] },
      { type: 'ordering', text: 'Put these words in order.', points: 2, options: CORRECT.map((text) => ({ text, isCorrect: true })) },
      {
        type: 'multiple_choice',
        text: 'Pick A',
        points: 1,
        options: [
          { text: 'A', isCorrect: true },
          { text: 'B', isCorrect: false },
        ],
      },
    ]);
    const written = questionExportWriter.write('moodle_xml', 'Quiz', questions);
    if (!written.ok) throw new Error(written.detail);
    const back = read(written.value.text);
    expect(back.ok, back.ok ? '' : back.detail).to.equal(true);
    if (!back.ok) return;
    const shape = (q: Pick<QuestionDraft, 'type' | 'text' | 'points' | 'options'>) => ({
      type: q.type,
      text: q.text,
      points: q.points,
      options: q.options.map((o) => [o.text, o.isCorrect]),
    });
    expect(back.value.map(shape)).to.deep.equal(questions.map(shape));

    const xml = parseXml(written.value.text);
    if (!xml.ok) throw new Error(xml.error);
    const [, description, ordering] = xml.root.children;
    const HEAD = ['name', 'questiontext', 'generalfeedback', 'defaultgrade', 'penalty', 'hidden', 'idnumber'];
    expect(description!.attributes.type).to.equal('description');
    expect(description!.children.map((c) => c.name)).to.deep.equal(HEAD);
    expect(description!.children.filter((c) => c.name === 'defaultgrade' || c.name === 'penalty').map((c) => c.text)).to.deep.equal([
      '0.0000000',
      '0.0000000',
    ]);
    expect(ordering!.attributes.type).to.equal('ordering');
    expect(ordering!.children.map((c) => c.name)).to.deep.equal([
      ...HEAD,
      'layouttype',
      'selecttype',
      'selectcount',
      'gradingtype',
      'showgrading',
      'numberingstyle',
      'correctfeedback',
      'partiallycorrectfeedback',
      'incorrectfeedback',
      'shownumcorrect',
      ...CORRECT.map(() => 'answer'),
    ]);
    const text = (name: string) => ordering!.children.find((c) => c.name === name)!.text;
    // The words Moodle's set_options_for_import reads (ALL, RELATIVE_TO_CORRECT…), not the numbers it stores.
    expect(
      ['layouttype', 'selecttype', 'selectcount', 'gradingtype', 'showgrading', 'numberingstyle', 'shownumcorrect'].map(text),
    ).to.deep.equal(['VERTICAL', 'ALL', '6', 'RELATIVE_TO_CORRECT', 'SHOW', 'none', '1']);
    const answers = ordering!.children.filter((c) => c.name === 'answer');
    expect(answers.map((a) => [a.attributes.fraction, a.attributes.format, a.children[0]!.text])).to.deep.equal(
      CORRECT.map((w, i) => [String(i + 1), 'html', w]),
    );
  });

  it("export writes each ordering's own grading type as qtype_ordering's word, which imports back", () => {
    const questions = built(
      ORDERING_GRADINGS.map((orderingGrading) => ({
        type: 'ordering' as const,
        text: `Order (${orderingGrading})`,
        points: 1,
        options: CORRECT.map((text) => ({ text, isCorrect: true })),
        orderingGrading,
      })),
    );
    const written = questionExportWriter.write('moodle_xml', 'Quiz', questions);
    if (!written.ok) throw new Error(written.detail);
    const xml = parseXml(written.value.text);
    if (!xml.ok) throw new Error(xml.error);
    const words = xml.root.children
      .filter((q) => q.attributes.type === 'ordering')
      .map((q) => q.children.find((c) => c.name === 'gradingtype')!.text);
    expect(words).to.deep.equal([
      'ALL_OR_NOTHING',
      'ABSOLUTE_POSITION',
      'RELATIVE_NEXT_EXCLUDE_LAST',
      'RELATIVE_NEXT_INCLUDE_LAST',
      'RELATIVE_ONE_PREVIOUS_AND_NEXT',
      'RELATIVE_ALL_PREVIOUS_AND_NEXT',
      'LONGEST_ORDERED_SUBSET',
      'LONGEST_CONTIGUOUS_SUBSET',
      'RELATIVE_TO_CORRECT',
    ]);
    const back = read(written.value.text);
    expect(back.ok && back.value.map((q) => q.orderingGrading)).to.deep.equal([...ORDERING_GRADINGS]);
  });
});

describe('assessment import: description and ordering in GIFT and CSV', () => {
  it("GIFT: a text without an answer block is a description (Moodle's qformat_gift)", () => {
    const r = parseGift('::Intro:: Read the \\{text\\} below.\n\nJust text\n\nOk {T}');
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.type, q.text, q.points])).to.deep.equal([
      ['description', 'Read the {text} below.', 0],
      ['description', 'Just text', 0],
      ['true_false', 'Ok', 1],
    ]);
  });

  it("GIFT: an ordering block `{>N …}` as qtype_ordering's import_from_gift reads it", () => {
    const text = [
      '::Moodle:: Put these words in order. {>6 ALL VERTICAL ABSOLUTE_POSITION SHOW 123',
      'Modular',
      'Object',
      'Oriented',
      'Dynamic',
      'Learning',
      'Environment',
      '}',
      '',
      // No words: the default grading (RELATIVE_NEXT_EXCLUDE_LAST); 3 of 3 items shown.
      'Count up {>3',
      'one',
      'two',
      'three}',
      '',
      // The words in order, each optional (no layout here), `1` as show-grading; items may start on the first line.
      'Letters {>2 EXACT LONGEST_CONTIGUOUS_SUBSET 1 a \\{b\\}',
      ' c ',
      'd}',
      '',
      // ABS is ABSOLUTE_POSITION; a count outside 2…items is min(6, items): 3 here, all of them.
      'Short {>9 ABS',
      'x',
      'y',
      'z}',
    ].join('\n');
    const r = parseGift(text);
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.type, q.text, q.points, q.orderingGrading, q.options.map((o) => o.text)])).to.deep.equal([
      [
        'ordering',
        'Put these words in order.',
        1,
        'absolute_position',
        ['Modular', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Environment'],
      ],
      ['ordering', 'Count up', 1, 'relative_next_exclude_last', ['one', 'two', 'three']],
      ['ordering', 'Letters', 1, 'longest_contiguous_subset', ['a {b}', 'c', 'd']],
      ['ordering', 'Short', 1, 'absolute_position', ['x', 'y', 'z']],
    ]);
    // A subset of the items (RANDOM or CONTIGUOUS, or a count below the items without ALL) is refused, naming the question.
    expect(fail(parseGift('Ok {T}\n\nSome {>2 RANDOM\na\nb\nc}'))).to.match(
      /^question 2 \(line 3\): it shows a random subset of 2 of its 3 items, which is not supported: write >3 ALL$/,
    );
    expect(fail(parseGift('Some {>2 CONTIG\na\nb\nc}'))).to.match(/contiguous subset of 2 of its 3 items/);
    expect(fail(parseGift('Some {>\na\nb}'))).to.match(/starts with >N/);
  });

  it('CSV: an ordering row lists its items in order; a description row is text only', () => {
    const r = questionsFromCsvRecords([
      ['question_type', 'question_text', 'points', 'correct', 'option_1', 'option_2', 'option_3'],
      ['description', 'Part 1', '', ''],
      ['ordering', 'Sort', '2', '', 'first', 'second', 'third'],
    ]);
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.type, q.points, q.options.map((o) => o.text)])).to.deep.equal([
      ['description', 0, []],
      ['ordering', 2, ['first', 'second', 'third']],
    ]);
    // CSV has no column for it: an ordering row gets the default grading type.
    expect(r.value[1]!.orderingGrading).to.equal('relative_to_correct');
    const bad = (row: string[]) =>
      fail(questionsFromCsvRecords([['question_type', 'question_text', 'points', 'correct', 'option_1', 'option_2'], row]));
    expect(bad(['ordering', 'Sort', '1', '1', 'a', 'b'])).to.equal(
      'row 2: correct must be empty for ordering (its options are the items in their correct order)',
    );
    expect(bad(['description', 'Part', '', '', 'a'])).to.equal('row 2: a description row has no correct and no options');
    expect(bad(['description', 'Part', '1', ''])).to.equal('row 2: a description has no mark: its points are 0');
  });
});
