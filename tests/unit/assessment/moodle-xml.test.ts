import { expect } from 'chai';
import { questionExportWriter, questionImportParser } from '../../../adapters/parsers/question-import.parser.js';
import { parseXml } from '../../../adapters/parsers/moodle-xml.parser.js';
import { validateQuestion, type QuestionDraft } from '../../../domain/assessment/question.js';
import { questionsFromDrafts } from '../../../application/assessment/question-input.js';

let n = 0;
const ids = { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
const at = new Date('2026-01-01T00:00:00Z');
const fail = (r: { ok: boolean; detail?: string | undefined }) => (r.ok ? '' : (r.detail ?? ''));
const read = (xml: string) => questionImportParser.parse('moodle_xml', xml);
/** What a question is, without ids: what a round trip must keep. */
const shape = (q: Pick<QuestionDraft, 'type' | 'text' | 'points' | 'options'>) => ({
  type: q.type,
  text: q.text,
  points: q.points,
  options: q.options.map((o) => ({
    text: o.text,
    isCorrect: o.isCorrect,
    weight: o.weight ?? null,
    tolerance: o.tolerance ?? null,
    match: o.match ?? null,
  })),
});

/** Shaped as Moodle's fixtures (question/format/xml/tests/fixtures): a category, then questions. */
const MOODLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category>
      <text>$course$/Iota</text>
    </category>
    <info format="plain_text">
      <text>This is Iota category for test</text>
    </info>
    <idnumber></idnumber>
  </question>

<!-- question: 96  -->
  <question type="truefalse">
    <name>
      <text>Iota Question</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Testing Iota Question</p>]]></text>
    </questiontext>
    <generalfeedback format="html">
      <text></text>
    </generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>1.0000000</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <answer fraction="100" format="moodle_auto_format">
      <text>true</text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
    <answer fraction="0" format="moodle_auto_format">
      <text>false</text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
  </question>

<!-- question: 106  -->
  <question type="essay">
    <name>
      <text>Kappa Essay Question</text>
    </name>
    <questiontext format="moodle_auto_format">
      <text>Testing Kappa Essay Question</text>
    </questiontext>
    <generalfeedback format="moodle_auto_format">
      <text></text>
    </generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <penalty>0.0000000</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <responseformat>editor</responseformat>
    <responserequired>1</responserequired>
    <responsefieldlines>10</responsefieldlines>
    <attachments>0</attachments>
    <attachmentsrequired>0</attachmentsrequired>
    <graderinfo format="html">
      <text></text>
    </graderinfo>
    <responsetemplate format="html">
      <text></text>
    </responsetemplate>
  </question>

  <question type="multichoice">
    <name><text>Primes</text></name>
    <questiontext format="html"><text>&lt;p&gt;Which are &lt;b&gt;primes&lt;/b&gt;?&lt;/p&gt;</text></questiontext>
    <defaultgrade>3.0000000</defaultgrade>
    <single>false</single>
    <shuffleanswers>true</shuffleanswers>
    <answer fraction="50" format="html"><text>2</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="50" format="html"><text>3</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="-100" format="html"><text>4</text><feedback format="html"><text></text></feedback></answer>
  </question>

  <question type="numerical">
    <name><text>Pi</text></name>
    <questiontext format="html"><text>Pi?</text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <answer fraction="100" format="moodle_auto_format"><text>3.14</text><feedback format="html"><text></text></feedback><tolerance>0.01</tolerance></answer>
    <answer fraction="50" format="moodle_auto_format"><text>3</text><feedback format="html"><text></text></feedback><tolerance>0.5</tolerance></answer>
    <units><unit><multiplier>1</multiplier><unit_name>rad</unit_name></unit></units>
  </question>

  <question type="matching">
    <name><text>Capitals</text></name>
    <questiontext format="html"><text>Match</text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <shuffleanswers>true</shuffleanswers>
    <subquestion format="html"><text>Canada</text><answer><text>Ottawa</text></answer></subquestion>
    <subquestion format="html"><text><![CDATA[<p>Italy</p>]]></text><answer><text>Rome</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>Paris</text></answer></subquestion>
  </question>

  <question type="shortanswer">
    <name><text>Animal</text></name>
    <questiontext format="html"><text>Which is the best animal?</text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <usecase>0</usecase>
    <answer fraction="100" format="moodle_auto_format"><text>Frog</text><feedback format="html"><text>Good!</text></feedback></answer>
    <answer fraction="50" format="moodle_auto_format"><text>Cat</text><feedback format="html"><text></text></feedback></answer>
  </question>
</quiz>
`;

describe('assessment import and export: Moodle XML', () => {
  it("imports Moodle's types: categories skipped, HTML and CDATA kept, fractions as weights, tolerances, pairs", () => {
    const r = read(MOODLE_XML);
    expect(r.ok, fail(r)).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((q) => [q.type, q.points])).to.deep.equal([
      ['true_false', 1],
      ['essay', 2],
      ['multiple_answer', 3],
      ['numerical', 1],
      ['matching', 1],
      ['short_answer', 1],
    ]);
    expect(r.value[0]!.text).to.equal('<p>Testing Iota Question</p>');
    expect(r.value[0]!.options.map((o) => [o.text, o.isCorrect])).to.deep.equal([
      ['True', true],
      ['False', false],
    ]);
    expect(r.value[2]!.text).to.equal('<p>Which are <b>primes</b>?</p>');
    expect(r.value[2]!.options.map((o) => o.weight)).to.deep.equal([0.5, 0.5, -1]);
    expect(r.value[3]!.options.map((o) => [o.text, o.tolerance, o.weight])).to.deep.equal([
      ['3.14', 0.01, 1],
      ['3', 0.5, 0.5],
    ]);
    expect(r.value[4]!.options.map((o) => [o.text, o.match])).to.deep.equal([
      ['Canada', 'Ottawa'],
      ['<p>Italy</p>', 'Rome'],
      ['', 'Paris'],
    ]);
    expect(r.value[5]!.options.map((o) => [o.text, o.weight])).to.deep.equal([
      ['Frog', 1],
      ['Cat', 0.5],
    ]);
  });

  it('refuses images, unsupported types and broken files, naming the question', () => {
    const one = (inner: string) =>
      `<?xml version="1.0"?><quiz><question type="category"><category><text>x</text></category></question>${inner}</quiz>`;
    expect(
      fail(
        read(
          one(
            '<question type="multichoice"><name><text>Greeting</text></name><questiontext ' +
              'format="html"><text>Hi</text><file name="a.mp3" encoding="base64">SUQz</file></questiontext></question>',
          ),
        ),
      ),
    ).to.match(/^question 1 \("Greeting"\): embedded files/);
    const image = (inner: string) =>
      one(
        `<question type="essay"><name><text>Photo</text></name><questiontext format="html"><text>What is it?</text></questiontext>${inner}</question>`,
      );
    expect(fail(read(image('<image>pics/owl.jpg</image><image_base64>/9j/4AAQ</image_base64>')))).to.match(
      /^question 1 \("Photo"\): the old <image> field \("pics\/owl.jpg"\) is not supported/,
    );
    expect(fail(read(image('<image_base64>/9j/4AAQ</image_base64>')))).to.match(
      /^question 1 \("Photo"\): the old <image_base64> field is not supported/,
    );
    expect(read(image('<image></image><image_base64/>')).ok).to.equal(true);
    expect(fail(read(one('<question type="calculated"><name><text>Calc</text></name></question>')))).to.match(
      /^question 1 \("Calc"\): type "calculated" is not supported/,
    );
    expect(
      fail(
        read(
          one(
            '<question type="essay"><name><text>E</text></name><questiontext><text>x</text></questiontext><defaultgrade>0.5</defaultgrade></question>',
          ),
        ),
      ),
    ).to.match(/points must be a whole number/);
    expect(
      fail(
        read(
          one(
            '<question type="multichoice"><name><text>M</text></name><questiontext><text>x</text></questiontext><answer ' +
              'fraction="50"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>',
          ),
        ),
      ),
    ).to.match(/^question 1 \("M"\): multiple_choice needs an option with weight 1/);
    expect(fail(read('<quiz><question type="essay">'))).to.match(/^not well-formed XML/);
    expect(fail(read('<questions/>'))).to.match(/root element must be <quiz>/);
    expect(fail(read(one('')))).to.equal('the file has no questions');
  });

  it('decodes character references once (&#233;, &#x1F600;, an escaped &amp;nbsp; stays text)', () => {
    const r = parseXml('<quiz><text>caf&#233; &#x1F600; &amp;nbsp; &amp;#65; &lt;b&gt;</text></quiz>');
    expect(r.ok).to.equal(true);
    if (r.ok) expect(r.root.children[0]!.text).to.equal('café 😀 &nbsp; &#65; <b>');
  });

  it("round trip: every type exports to Moodle's structure and imports back to the same questions", () => {
    const drafts: QuestionDraft[] = [
      {
        type: 'multiple_choice',
        text: '<p>Pick <b>A</b> & not "B"</p>',
        points: 2,
        options: [
          { text: 'A', isCorrect: true },
          { text: 'B < C', isCorrect: false },
        ],
      },
      {
        type: 'multiple_choice',
        text: 'Weighted',
        points: 1,
        options: [
          { text: 'best', isCorrect: true, weight: 1 },
          { text: 'half', isCorrect: true, weight: 0.5 },
          { text: 'bad', isCorrect: false, weight: -0.3333333 },
        ],
      },
      {
        type: 'multiple_answer',
        text: 'All or nothing',
        points: 3,
        options: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: true },
          { text: 'c', isCorrect: true },
          { text: 'd', isCorrect: false },
        ],
      },
      {
        type: 'multiple_answer',
        text: 'Thirds',
        points: 3,
        options: [
          { text: 'a', isCorrect: true, weight: 0.3333333 },
          { text: 'b', isCorrect: true, weight: 0.6666667 },
          { text: 'c', isCorrect: false, weight: -1 },
        ],
      },
      {
        type: 'true_false',
        text: 'False?',
        points: 1,
        options: [
          { text: 'True', isCorrect: false },
          { text: 'False', isCorrect: true },
        ],
      },
      {
        type: 'short_answer',
        text: 'Name',
        points: 1,
        options: [
          { text: 'Paris', isCorrect: true },
          { text: 'paris ]]> city', isCorrect: true },
        ],
      },
      {
        type: 'short_answer',
        text: 'Weighted name',
        points: 1,
        options: [
          { text: 'Frog', isCorrect: true, weight: 1 },
          { text: '*', isCorrect: false, weight: 0 },
        ],
      },
      { type: 'numerical', text: 'Pi', points: 1, options: [{ text: '3.14', isCorrect: true, tolerance: 0.005 }] },
      {
        type: 'numerical',
        text: 'Year',
        points: 1,
        options: [
          { text: '1822', isCorrect: true, weight: 1, tolerance: 0 },
          { text: '1822', isCorrect: true, weight: 0.5, tolerance: 2 },
        ],
      },
      {
        type: 'matching',
        text: 'Capitals',
        points: 3,
        options: [
          { text: 'Canada', isCorrect: true, match: 'Ottawa' },
          { text: 'Italy', isCorrect: true, match: 'Rome' },
          { text: '', isCorrect: false, match: 'Paris & Co' },
        ],
      },
      { type: 'essay', text: 'Tell me\nin two lines', points: 5, options: [] },
      {
        type: 'ordering',
        text: 'In order',
        points: 2,
        options: [
          { text: 'first', isCorrect: true },
          { text: 'second & last', isCorrect: true },
        ],
      },
      { type: 'description', text: '<p>Part two</p>', points: 0, options: [] },
    ];
    const checked = drafts.map((d) => {
      const v = validateQuestion(d);
      if (!v.ok) throw new Error(`${d.text}: ${v.error}`);
      return v.value;
    });
    const questions = questionsFromDrafts(ids, 't', 'q', checked, 1, at);
    const written = questionExportWriter.write('moodle_xml', 'Quiz / one', questions);
    if (!written.ok) throw new Error(written.detail);
    const file = written.value;
    expect(file.contentType).to.match(/^application\/xml/);
    const back = read(file.text);
    expect(back.ok, fail(back)).to.equal(true);
    if (!back.ok) return;
    expect(back.value.map(shape)).to.deep.equal(questions.map(shape));

    // Moodle's structure: a category, then per type the elements Moodle's exporter writes.
    const xml = parseXml(file.text);
    expect(xml.ok).to.equal(true);
    if (!xml.ok) return;
    const [category, ...qs] = xml.root.children;
    expect(category!.attributes.type).to.equal('category');
    expect(qs.map((q) => q.attributes.type)).to.deep.equal([
      'multichoice',
      'multichoice',
      'multichoice',
      'multichoice',
      'truefalse',
      'shortanswer',
      'shortanswer',
      'numerical',
      'numerical',
      'matching',
      'essay',
      'ordering',
      'description',
    ]);
    const names = (i: number) => qs[i]!.children.map((c) => c.name);
    for (const [i] of qs.entries())
      expect(names(i).slice(0, 7), `question ${i}`).to.deep.equal([
        'name',
        'questiontext',
        'generalfeedback',
        'defaultgrade',
        'penalty',
        'hidden',
        'idnumber',
      ]);
    expect(names(0)).to.include.members([
      'single',
      'shuffleanswers',
      'answernumbering',
      'correctfeedback',
      'partiallycorrectfeedback',
      'incorrectfeedback',
      'answer',
    ]);
    expect(names(5)).to.include.members(['usecase', 'answer']);
    expect(names(7)).to.include.members(['answer', 'unitgradingtype', 'unitpenalty', 'showunits', 'unitsleft']);
    expect(names(9)).to.include.members(['shuffleanswers', 'subquestion']);
    expect(names(10)).to.include.members([
      'responseformat',
      'responserequired',
      'responsefieldlines',
      'attachments',
      'graderinfo',
      'responsetemplate',
    ]);
    expect(names(11)).to.include.members([
      'layouttype',
      'selecttype',
      'selectcount',
      'gradingtype',
      'showgrading',
      'numberingstyle',
      'answer',
    ]);
    expect(names(12)).to.have.length(7);
    expect(qs[0]!.children.find((c) => c.name === 'defaultgrade')!.text).to.equal('2.0000000');
    expect(qs[3]!.children.filter((c) => c.name === 'answer').map((a) => a.attributes.fraction)).to.deep.equal([
      '33.33333',
      '66.66667',
      '-100',
    ]);
    expect(file.text).to.include('<![CDATA[<p>Pick <b>A</b> & not "B"</p>]]>');
  });

  it("exports only Moodle's grades: a weight within 0.00001 of one is written as it, an all-or-nothing share from the list", () => {
    const exported = (drafts: QuestionDraft[]) => {
      const written = questionExportWriter.write(
        'moodle_xml',
        'Q',
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
        ),
      );
      if (!written.ok) return written.detail ?? '';
      const xml = parseXml(written.value.text);
      if (!xml.ok) throw new Error(xml.error);
      return xml.root.children.slice(1).map((q) => q.children.filter((c) => c.name === 'answer').map((a) => a.attributes.fraction));
    };
    const options = (n: number, right: number) => Array.from({ length: n }, (_, i) => ({ text: `o${i}`, isCorrect: i < right }));
    expect(
      exported([
        {
          type: 'multiple_answer',
          text: 'Thirds typed short',
          points: 1,
          options: [
            { text: 'a', isCorrect: true, weight: 0.333333 },
            { text: 'b', isCorrect: true, weight: 0.666667 },
            { text: 'c', isCorrect: false, weight: -0.142857 },
          ],
        },
        {
          type: 'short_answer',
          text: 'Sevenths',
          points: 1,
          options: [
            { text: 'a', isCorrect: true, weight: 1 },
            { text: 'b', isCorrect: true, weight: 1 / 7 },
            { text: 'c', isCorrect: true, weight: 0.83333 },
          ],
        },
        { type: 'multiple_answer', text: '11 of 12 right', points: 1, options: options(12, 11) },
        { type: 'multiple_answer', text: '3 of 4 right', points: 1, options: options(4, 3) },
        { type: 'multiple_answer', text: '20 right', points: 1, options: options(21, 20) },
      ]),
    ).to.deep.equal([
      ['33.33333', '66.66667', '-14.28571'],
      ['100', '14.28571', '83.33333'],
      [...Array(9).fill('10'), '5', '5', '-100'],
      ['33.33333', '33.33333', '33.33333', '-100'],
      [...Array(20).fill('5'), '-100'],
    ]);
    const refused = [
      {
        type: 'multiple_choice',
        text: 'Fine',
        points: 1,
        options: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: false },
        ],
      },
      {
        type: 'multiple_answer',
        text: 'Weighted <b>37</b>',
        points: 1,
        options: [
          { text: 'a', isCorrect: true, weight: 0.37 },
          { text: 'b', isCorrect: true, weight: 0.63 },
        ],
      },
    ] satisfies QuestionDraft[];
    expect(exported(refused)).to.match(/^question 2 \("Weighted 37"\): option "a" is worth 37 %, which is not one of Moodle's grades/);
    expect(
      exported([
        {
          type: 'numerical',
          text: 'Near',
          points: 1,
          options: [
            { text: '1', isCorrect: true, weight: 1 },
            { text: '2', isCorrect: true, weight: 0.3333 },
          ],
        },
      ]),
    ).to.match(/^question 1 \("Near"\): option "2" is worth 33.33 %/);
    expect(exported([{ type: 'multiple_answer', text: 'Many', points: 1, options: options(22, 21) }])).to.match(
      /^question 1 \("Many"\): 21 right answers cannot share 100 %/,
    );
  });
});
