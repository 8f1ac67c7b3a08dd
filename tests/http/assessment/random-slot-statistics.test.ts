import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { addQuestion, enrolledStudent, quizWithRandCategory } from './assessment-fixtures.js';
import { RANDQS00, RESULTS00 } from '../../support/moodle-fixture-00.js';

/*
 * Moodle's statistics fixture 00 replayed through the API with its slot 1 as in Moodle: a random
 * slot over a category of two questions (a short answer and a numerical one, each able to earn 1,
 * 0.8 or 0), at 1 point a question. Whichever question each attempt draws, the student answers it for
 * the fixture's mark: the slot's figures must be Moodle's qstats00 row 1, the quiz's figures Moodle's,
 * and each drawn question is reported over the attempts that drew it.
 */
const MOODLE_QUIZ = { mean: 4.617333332, cic: -87.2230935542, errorRatio: 136.8294900795 };
/** facility, sd, effective weight, discrimination index, discriminative efficiency (qstats00.csv). */
const QSTATS00 = [
  [0.704, 0.4513682901, 21.2922742344, -7.0650767526, -9.4550536967],
  [0.48, 0.5099019514, 18.8979800309, -28.8982125772, -36.7834118938],
  [0.973333332, 0.13333334, 4.443012573, -9.1230674268, -21.6545012165],
  [0.68, 0.4760952286, 18.9347251357, -22.6306444113, -31.4411395613],
  [0.52, 0.3055050463, 11.1450138688, -17.6997047674, -21.1794802584],
  [0.64, 0.4898979486, 9.8081339177, -45.3785178421, -56.9365974439],
  [0.62, 0.331662479, 15.4788602394, -5.6543166602, -6.5043742058],
] as const;

const FIXED = [
  { question_type: 'numerical', question_text: 'Slot 2', points: 1, options: [{ option_text: '7', tolerance: 0 }] },
  {
    question_type: 'matching',
    question_text: 'Slot 3',
    points: 1,
    options: [
      { option_text: 'Canada', match: 'Ottawa' },
      { option_text: 'Italy', match: 'Rome' },
      { option_text: 'Japan', match: 'Tokyo' },
    ],
  },
  { question_type: 'true_false', question_text: 'Slot 4', points: 1, correct_answer: true },
  {
    question_type: 'multiple_answer',
    question_text: 'Slot 5',
    points: 1,
    options: [
      { option_text: 'a', weight: 0.5 },
      { option_text: 'b', weight: 0.5 },
      { option_text: 'c', weight: -1 },
      { option_text: 'd', weight: -1 },
    ],
  },
  {
    question_type: 'multiple_choice',
    question_text: 'Slot 6',
    points: 1,
    options: [
      { option_text: 'A', is_correct: true },
      { option_text: 'B', is_correct: false },
      { option_text: 'C', is_correct: false },
      { option_text: 'D', is_correct: false },
    ],
  },
  {
    question_type: 'multiple_choice',
    question_text: 'Slot 7',
    points: 1,
    options: [
      { option_text: 'full', weight: 1 },
      { option_text: 'half', weight: 0.5 },
      { option_text: 'none', weight: 0 },
    ],
  },
];
const RANDOM = {
  shortanswer: {
    question_type: 'short_answer',
    question_text: 'Which amphibian?',
    points: 1,
    options: [
      { option_text: 'frog', weight: 1 },
      { option_text: 'toad', weight: 0.8 },
    ],
  },
  numerical: {
    question_type: 'numerical',
    question_text: 'Pi to two decimals?',
    points: 1,
    options: [
      { option_text: '3.14', tolerance: 0, weight: 1 },
      { option_text: '3.1', tolerance: 0, weight: 0.8 },
    ],
  },
};
const ANSWER = { shortanswer: { 1: 'frog', 0.8: 'toad', 0: 'newt' }, numerical: { 1: '3.14', 0.8: '3.1', 0: '2' } } as const;

const rounded = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const figuresOf = (x: Record<string, number>) => [
  x.facility_index,
  x.standard_deviation,
  x.effective_weight,
  x.discrimination_index,
  x.discriminative_efficiency,
];
const expected = ([f, sd, ew, di, de]: readonly number[]) => [
  rounded(f!, 4),
  rounded(sd!, 4),
  rounded(ew!, 2),
  rounded(di!, 2),
  rounded(de!, 2),
];

describe('HTTP assessment: Moodle statistics fixture 00 with slot 1 a random slot', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it("reports the random slot with Moodle's figures, the quiz's unchanged, and each drawn question apart", async () => {
    const { admin, course, quizId, rand } = await quizWithRandCategory(h);
    const bankIds: Record<string, 'shortanswer' | 'numerical'> = {};
    for (const kind of ['shortanswer', 'numerical'] as const) {
      const res = await h.http.post(`/api/lms/admin/question-categories/${rand}/questions`).set(admin.headers).send(RANDOM[kind]);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      bankIds[res.body.data.id as string] = kind;
    }
    await h.http.post(`/api/lms/admin/quizzes/${quizId}/random-slots`).set(admin.headers).send({ category_id: rand, count: 1 }).expect(200);
    const fixed = [];
    for (const q of FIXED) fixed.push(await addQuestion(h, admin, quizId, q));
    const published = await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers);
    expect(published.body.data).to.include({ question_count: 7, max_score: 7 });
    const [s2, s3, s4, s5, s6, s7] = fixed;

    const drew: Array<'shortanswer' | 'numerical'> = [];
    for (const marks of RESULTS00) {
      const student = await enrolledStudent(h, admin, { course, quizId, questionIds: [], optionIds: [] });
      const start = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers);
      expect(start.status, JSON.stringify(start.body)).to.equal(200);
      const questions = start.body.data.questions as Array<{ id: string; choices?: Array<{ id: string; choice_text: string }> }>;
      // The slot stands first: its drawn question, then the fixed ones in order.
      expect(questions.slice(1).map((q) => q.id)).to.deep.equal(fixed.map((q) => q.id));
      const kind = bankIds[questions[0]!.id]!;
      expect(kind).to.be.oneOf(['shortanswer', 'numerical']);
      drew.push(kind);
      const choice = (text: string) => questions[2]!.choices!.find((c) => c.choice_text === text)!.id;
      const stems = s3!.options.map((o) => o.id);
      const pairs =
        marks[2] === 1
          ? [`${stems[0]}:${choice('Ottawa')}`, `${stems[1]}:${choice('Rome')}`, `${stems[2]}:${choice('Tokyo')}`]
          : [`${stems[0]}:${choice('Ottawa')}`, `${stems[1]}:${choice('Tokyo')}`, `${stems[2]}:${choice('Rome')}`];
      const o = (q: typeof s4, i: number) => q!.options[i]!.id;
      const answers = [
        { question_id: questions[0]!.id, answer: ANSWER[kind][marks[0] as 1 | 0.8 | 0] },
        { question_id: s2!.id, answer: marks[1] === 1 ? '7' : '3' },
        { question_id: s3!.id, answer: pairs },
        { question_id: s4!.id, answer: [marks[3] === 1 ? o(s4, 0) : o(s4, 1)] },
        { question_id: s5!.id, answer: marks[4] === 1 ? [o(s5, 0), o(s5, 1)] : marks[4] === 0.5 ? [o(s5, 0)] : [o(s5, 2)] },
        { question_id: s6!.id, answer: [marks[5] === 1 ? o(s6, 0) : o(s6, 1)] },
        { question_id: s7!.id, answer: [marks[6] === 1 ? o(s7, 0) : marks[6] === 0.5 ? o(s7, 1) : o(s7, 2)] },
      ];
      const submit = await h.http
        .post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`)
        .set(student.headers)
        .send({ answers });
      expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
      expect(submit.body.data.attempt.score).to.equal(
        rounded(
          marks.reduce((s, x) => s + x, 0),
          2,
        ),
      );
    }
    expect(drew).to.have.length(RANDQS00.length);

    const res = await h.http.get(`/api/lms/admin/quizzes/${quizId}/analytics`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const a = res.body.data;
    expect(a).to.include({
      attempts: 25,
      mean: rounded((MOODLE_QUIZ.mean * 100) / 7, 2),
      cronbach_alpha: rounded(MOODLE_QUIZ.cic / 100, 4),
      error_ratio: rounded(MOODLE_QUIZ.errorRatio, 2),
    });
    expect(a.random_slots).to.have.length(1);
    expect(a.random_slots[0]).to.include({ position: 1, category_id: rand, max_mark: 1, attempts: 25 });
    expect(figuresOf(a.random_slots[0])).to.deep.equal(expected(QSTATS00[0]));
    expect(a.questions.map(figuresOf)).to.deep.equal(QSTATS00.slice(1).map(expected));
    // Each drawn question over the attempts that drew it.
    const drawn = a.drawn_questions as Array<Record<string, unknown> & { question_id: string; attempts: number; facility_index: number }>;
    expect(drawn.map((d) => bankIds[d.question_id]).sort()).to.deep.equal(
      ['numerical', 'shortanswer'].filter((k) => drew.includes(k as 'numerical')),
    );
    for (const d of drawn) {
      const kind = bankIds[d.question_id]!;
      const marks = RESULTS00.filter((_, i) => drew[i] === kind).map((m) => m[0]!);
      expect(d).to.include({
        attempts: marks.length,
        category_id: rand,
        question_text: RANDOM[kind].question_text,
        effective_weight: null,
      });
      expect(d.facility_index).to.equal(rounded(marks.reduce((s, x) => s + x, 0) / marks.length, 4));
    }
  });
});
