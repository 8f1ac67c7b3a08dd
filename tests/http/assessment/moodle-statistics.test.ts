import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { enrolledStudent, seedQuiz } from './assessment-fixtures.js';
import { RESULTS00 } from '../../support/moodle-fixture-00.js';

/*
 * Moodle's statistics fixture 00 (moodle/moodle mod/quiz/tests/fixtures results00.csv, expected
 * figures from mod/quiz/report/statistics/tests), replayed through the API at Moodle's default of
 * 1 point a question: 25 students answer so that each earns the fixture's mark per slot, fractional
 * marks included (slot 3 is a matching question with 1 of 3 pairs right: 0.3333333, which a mark
 * rounded to hundredths would turn into 0.33). The report's figures must be Moodle's, rounded as
 * we display them.
 */
/** Moodle's quiz figures (marks out of 7; ours are percentages of the maximum) and qstats00.csv per slot. */
const MOODLE_QUIZ = {
  mean: 4.617333332,
  median: 4.5,
  sd: 0.8117265554,
  skewness: -0.092502502,
  kurtosis: -0.7073968557,
  cic: -87.2230935542,
  errorRatio: 136.8294900795,
  standardError: 1.1106813066,
};
/** slot, facility, sd, effective weight, discrimination index, discriminative efficiency. */
const QSTATS00 = [
  [0.704, 0.4513682901, 21.2922742344, -7.0650767526, -9.4550536967],
  [0.48, 0.5099019514, 18.8979800309, -28.8982125772, -36.7834118938],
  [0.973333332, 0.13333334, 4.443012573, -9.1230674268, -21.6545012165],
  [0.68, 0.4760952286, 18.9347251357, -22.6306444113, -31.4411395613],
  [0.52, 0.3055050463, 11.1450138688, -17.6997047674, -21.1794802584],
  [0.64, 0.4898979486, 9.8081339177, -45.3785178421, -56.9365974439],
  [0.62, 0.331662479, 15.4788602394, -5.6543166602, -6.5043742058],
] as const;

/** One question per slot, 1 point each, whose answers can earn every mark the fixture gives that slot. */
const SLOTS = [
  {
    question_type: 'short_answer',
    question_text: 'Slot 1',
    points: 1,
    options: [
      { option_text: 'frog', weight: 1 },
      { option_text: 'toad', weight: 0.8 },
    ],
  },
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

const rounded = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const percent = (marks: number) => (marks * 100) / 7;

describe('HTTP assessment: Moodle statistics fixture 00 at 1 point a question', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it("stores fractional marks exactly, shows them with two decimals, and reports Moodle's figures", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: SLOTS, quiz: { passing_score: 50 } });
    const [s1, s2, s3, s4, s5, s6, s7] = q.questionIds as [string, string, string, string, string, string, string];
    const [, , , tf, ma, mc, mcw] = q.optionIds as [string[], string[], string[], string[], string[], string[], string[]];
    const stems = q.optionIds[2]!;

    let review: { attemptId: string; headers: Record<string, string> } | null = null;
    for (const marks of RESULTS00) {
      const student = await enrolledStudent(h, admin, q);
      const detail = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(student.headers);
      const choices = detail.body.data.questions[2].choices as Array<{ id: string; choice_text: string }>;
      const choice = (text: string) => choices.find((c) => c.choice_text === text)!.id;
      const pairs =
        marks[2] === 1
          ? [`${stems[0]}:${choice('Ottawa')}`, `${stems[1]}:${choice('Rome')}`, `${stems[2]}:${choice('Tokyo')}`]
          : [`${stems[0]}:${choice('Ottawa')}`, `${stems[1]}:${choice('Tokyo')}`, `${stems[2]}:${choice('Rome')}`];
      const answers = [
        { question_id: s1, answer: marks[0] === 1 ? 'frog' : marks[0] === 0.8 ? 'toad' : 'newt' },
        { question_id: s2, answer: marks[1] === 1 ? '7' : '3' },
        { question_id: s3, answer: pairs },
        { question_id: s4, answer: [marks[3] === 1 ? tf[0] : tf[1]] },
        { question_id: s5, answer: marks[4] === 1 ? [ma[0], ma[1]] : marks[4] === 0.5 ? [ma[0]] : [ma[2]] },
        { question_id: s6, answer: [marks[5] === 1 ? mc[0] : mc[1]] },
        { question_id: s7, answer: [marks[6] === 1 ? mcw[0] : marks[6] === 0.5 ? mcw[1] : mcw[2]] },
      ];
      const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      const submit = await h.http
        .post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`)
        .set(student.headers)
        .send({ answers });
      expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
      const score = marks.reduce((s, x) => s + x, 0);
      expect(submit.body.data.attempt).to.include({ score: rounded(score, 2), percentage: rounded(percent(score), 2) });
      if (marks[2] !== 1) review = { attemptId: start.body.data.attempt.id as string, headers: student.headers };
    }

    // The third of a point is shown as 0.33 (score 4.3333333 as 4.33), stored as 0.3333333.
    const shown = await h.http.get(`/api/lms/quiz-attempts/${review!.attemptId}`).set(review!.headers);
    expect(shown.status).to.equal(200);
    expect(shown.body.data.attempt).to.include({ score: 4.33, percentage: 61.9 });
    expect(shown.body.data.questions.find((x: { id: string }) => x.id === s3)).to.include({ points_awarded: 0.33, max_points: 1 });

    const res = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics`).set(admin.headers);
    expect(res.status).to.equal(200);
    const a = res.body.data;
    expect(a).to.include({
      attempts: 25,
      mean: rounded(percent(MOODLE_QUIZ.mean), 2),
      median: rounded(percent(MOODLE_QUIZ.median), 2),
      std_dev: rounded(percent(MOODLE_QUIZ.sd), 2),
      skewness: rounded(MOODLE_QUIZ.skewness, 4),
      kurtosis: rounded(MOODLE_QUIZ.kurtosis, 4),
      cronbach_alpha: rounded(MOODLE_QUIZ.cic / 100, 4),
      error_ratio: rounded(MOODLE_QUIZ.errorRatio, 2),
      standard_error: rounded(percent(MOODLE_QUIZ.standardError), 2),
    });
    const figures = a.questions.map((x: Record<string, number>) => [
      x.facility_index,
      x.standard_deviation,
      x.effective_weight,
      x.discrimination_index,
      x.discriminative_efficiency,
    ]);
    expect(figures).to.deep.equal(
      QSTATS00.map(([f, sd, ew, di, de]) => [rounded(f, 4), rounded(sd, 4), rounded(ew, 2), rounded(di, 2), rounded(de, 2)]),
    );
  });
});
