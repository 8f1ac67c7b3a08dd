import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { complete } from '../learning/learning-fixtures.js';
import { containsKey, enrolledStudent, seedQuiz } from './assessment-fixtures.js';

type Option = { id: string; option_text: string; is_correct: boolean; weight?: number; match_id?: string; match?: string };

/** Partial credit, numerical, matching: 3 + 2 + 3 + 2 points (max 10). */
const WEIGHTED = [
  {
    question_type: 'multiple_answer',
    question_text: 'Which are primes?',
    points: 3,
    options: [
      { option_text: '2', weight: 0.5 },
      { option_text: '3', weight: 0.5 },
      { option_text: '4', weight: -1 },
    ],
  },
  {
    question_type: 'numerical',
    question_text: 'π to two decimals?',
    points: 2,
    options: [
      { option_text: '3.14', weight: 1, tolerance: 0.005 },
      { option_text: '3', weight: 0.5, tolerance: 0.2 },
    ],
  },
  {
    question_type: 'matching',
    question_text: 'Capitals',
    points: 3,
    options: [
      { option_text: 'Canada', match: 'Ottawa' },
      { option_text: 'Italy', match: 'Rome' },
      { option_text: 'Japan', match: 'Tokyo' },
      { option_text: '', match: 'Paris' },
    ],
  },
  {
    question_type: 'short_answer',
    question_text: 'Capital of France?',
    points: 2,
    options: [
      { option_text: 'Paris', weight: 1 },
      { option_text: 'Par*', weight: 0.25 },
    ],
  },
];

describe('HTTP assessment: partial credit, numerical, matching and essays', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('grades weighted, numerical and matching questions with fractional points through review, export and statistics', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: WEIGHTED, quiz: { show_correct_answers: true, passing_score: 50 } });
    const author = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
    const [ma, num, match] = author.body.data.questions as Array<{ id: string; options: Option[] }>;
    expect(ma!.options.map((o) => [o.option_text, o.is_correct, o.weight])).to.deep.equal([
      ['2', true, 0.5],
      ['3', true, 0.5],
      ['4', false, -1],
    ]);
    expect(num!.options[0]).to.include({ option_text: '3.14', tolerance: 0.005, weight: 1 });
    expect(match!.options.map((o) => [o.option_text, o.match])).to.deep.equal([
      ['Canada', 'Ottawa'],
      ['Italy', 'Rome'],
      ['Japan', 'Tokyo'],
      ['', 'Paris'],
    ]);

    const student = await enrolledStudent(h, admin, q);
    const detail = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(student.headers);
    expect(containsKey(detail.body, 'is_correct') || containsKey(detail.body, 'weight') || containsKey(detail.body, 'match')).to.equal(
      false,
    );
    const studentMatch = detail.body.data.questions[2];
    expect(studentMatch.options.map((o: { option_text: string }) => o.option_text)).to.deep.equal(['Canada', 'Italy', 'Japan']);
    expect(studentMatch.choices.map((c: { choice_text: string }) => c.choice_text)).to.deep.equal(['Ottawa', 'Paris', 'Rome', 'Tokyo']);
    expect(detail.body.data.questions[1].options).to.deep.equal([]); // numerical answers stay hidden
    const choice = (text: string) =>
      (studentMatch.choices as Array<{ id: string; choice_text: string }>).find((c) => c.choice_text === text)!.id;

    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const attemptId = start.body.data.attempt.id as string;
    // A numerical answer must be a number; a matching pair must name a stem and a choice.
    expect(
      (
        await h.http
          .post(`/api/lms/quiz-attempts/${attemptId}/answers`)
          .set(student.headers)
          .send({ question_id: num!.id, answer: ['pi'] })
      ).status,
    ).to.equal(400);
    expect(
      (
        await h.http
          .post(`/api/lms/quiz-attempts/${attemptId}/answers`)
          .set(student.headers)
          .send({ question_id: match!.id, answer: [`${match!.options[3]!.id}:${choice('Paris')}`] })
      ).status,
    ).to.equal(400);
    const submit = await h.http
      .post(`/api/lms/quiz-attempts/${attemptId}/submit`)
      .set(student.headers)
      .send({
        answers: [
          { question_id: ma!.id, answer: [ma!.options[0]!.id] }, // 0.5 × 3 = 1.5
          { question_id: num!.id, answer: '3,1' }, // within 3 ± 0.2: 0.5 × 2 = 1
          {
            question_id: match!.id,
            answer: [`${match!.options[0]!.id}:${choice('Ottawa')}`, `${match!.options[1]!.id}:${choice('Tokyo')}`],
          }, // 1 of 3 pairs: 1
          { question_id: q.questionIds[3], answer: 'Parma' }, // 0.25 × 2 = 0.5
        ],
      });
    expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
    expect(submit.body.data.attempt).to.include({ status: 'submitted', score: 4, max_score: 10, percentage: 40, passed: false });
    const review = submit.body.data.questions as Array<{ points_awarded: number; is_correct: boolean; options: Option[] }>;
    expect(review.map((r) => r.points_awarded)).to.deep.equal([1.5, 1, 1, 0.5]);
    expect(review.every((r) => r.is_correct === false)).to.equal(true);
    expect(review[0]!.options[2]).to.include({ weight: -1, is_correct: false });

    // A second attempt with thirds: the marks keep two decimals.
    const again = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const best = await h.http
      .post(`/api/lms/quiz-attempts/${again.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({
        answers: [
          { question_id: ma!.id, answer: [ma!.options[0]!.id, ma!.options[1]!.id] },
          { question_id: num!.id, answer: '3.144' },
          {
            question_id: match!.id,
            answer: [`${match!.options[0]!.id}:${choice('Ottawa')}`, `${match!.options[1]!.id}:${choice('Rome')}`],
          },
          { question_id: q.questionIds[3], answer: 'paris' },
        ],
      });
    expect(best.body.data.attempt).to.include({ score: 9, percentage: 90, passed: true });
    expect(best.body.data.questions[2]).to.include({ points_awarded: 2 });

    const csv = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-results`).set(admin.headers);
    expect(
      csv.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',').slice(8, 11).join(',')),
    ).to.have.members(['4,10,40', '9,10,90']);

    const stats = async (attempts: string) =>
      (await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics?attempts=${attempts}`).set(admin.headers)).body.data;
    const all = await stats('all');
    expect(all).to.include({ attempts_counted: 'all', attempts: 2, mean: 65, median: 65 });
    for (const key of ['skewness', 'kurtosis', 'error_ratio', 'standard_error']) expect(all).to.have.property(key);
    expect(all.questions[0]).to.include({
      max_mark: 3,
      mean_mark: 2.25,
      facility_index: 0.75,
      intended_weight: 30,
      random_guess_score: null,
    });
    expect(all.questions[2]).to.include({ intended_weight: 30 });
    expect(all.questions[2].random_guess_score).to.be.closeTo(0.25, 1e-9);
    for (const key of ['standard_deviation', 'effective_weight', 'discriminative_efficiency'])
      expect(all.questions[0]).to.have.property(key);
    expect((await stats('first')).mean).to.equal(40);
    expect((await stats('last')).mean).to.equal(90);
    expect((await stats('highest')).mean).to.equal(90);
    expect((await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics?attempts=best`).set(admin.headers)).status).to.equal(400);
  });

  it('refuses bad weights and tolerances with 400 and creates nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false, questions: [WEIGHTED[0]!] });
    const add = (body: Record<string, unknown>) =>
      h.http.post(`/api/lms/admin/quizzes/${q.quizId}/questions`).set(admin.headers).send(body);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        {
          question_type: 'multiple_answer',
          question_text: 'x',
          options: [
            { option_text: 'a', weight: 0.5 },
            { option_text: 'b', weight: 0.2 },
          ],
        },
        /add up to 1/,
      ],
      [
        { question_type: 'multiple_answer', question_text: 'x', options: [{ option_text: 'a', weight: 1 }, { option_text: 'b' }] },
        /every option a weight, or none/,
      ],
      [{ question_type: 'numerical', question_text: 'x', options: [{ option_text: 'ten' }] }, /not a number/],
      [
        {
          question_type: 'matching',
          question_text: 'x',
          options: [
            { option_text: 'a', match: '1' },
            { option_text: 'b', match: '2' },
          ],
        },
        /three different matches/,
      ],
      [{ question_type: 'essay', question_text: 'x', options: [{ option_text: 'a' }] }, /no options/],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).to.match(message);
    }
    expect(
      (
        await add({
          question_type: 'multiple_answer',
          question_text: 'x',
          options: [{ option_text: 'a', weight: 2 }, { option_text: 'b' }],
        })
      ).status,
    ).to.equal(400);
    const detail = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
    expect(detail.body.data.questions).to.have.length(1);
  });

  it('essays: the attempt needs grading until a mentor marks it; queue, permissions, mail, pass and certificate', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, {
      quiz: { title: 'Essay quiz', passing_score: 50, show_correct_answers: false },
      questions: [
        { question_type: 'true_false', question_text: 'Water is wet', points: 1, correct_answer: true },
        { question_type: 'essay', question_text: 'Explain photosynthesis', points: 4 },
      ],
    });
    const student = await enrolledStudent(h, admin, q);
    for (const lesson of q.course.lessonIds) expect((await complete(h, student, lesson)).status).to.equal(200);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(start.body.data.questions[1]).to.include({ question_type: 'essay' });
    expect(start.body.data.questions[1].options).to.deep.equal([]);
    const attemptId = start.body.data.attempt.id as string;
    const essayText = 'Plants turn light into sugar.\n\nWith chlorophyll.';
    const submitted = await h.http
      .post(`/api/lms/quiz-attempts/${attemptId}/submit`)
      .set(student.headers)
      .send({
        answers: [
          { question_id: q.questionIds[0], answer: [q.optionIds[0]![0]] },
          { question_id: q.questionIds[1], answer: essayText },
        ],
      });
    expect(submitted.body.data.attempt).to.include({ status: 'needs_grading', score: null, percentage: null, passed: null, max_score: 5 });
    expect(submitted.body.data).to.include({ course_completed: false, certificate_issued: false });
    expect(submitted.body.data.questions[1]).to.include({ points_awarded: null, needs_grading: true, feedback: null });
    expect(submitted.body.data.questions[1].answer).to.deep.equal([essayText]);

    const mentor = await h.user(t, Role.Mentor);
    const queue = await h.http.get('/api/lms/mentor/quiz-essays').set(mentor.headers);
    expect(queue.status).to.equal(200);
    expect(queue.body.data.total).to.equal(1);
    expect(queue.body.data.items[0]).to.deep.include({
      attempt_id: attemptId,
      quiz_title: 'Essay quiz',
      question_text: 'Explain photosynthesis',
      max_points: 4,
      points_awarded: null,
      answer: [essayText],
    });
    expect(queue.body.data.items[0].student).to.include({ id: student.id });
    expect((await h.http.get('/api/lms/mentor/quiz-essays').set(student.headers)).status).to.equal(403);

    const grade = (headers: Record<string, string>, body: Record<string, unknown>) =>
      h.http.post(`/api/lms/quiz-attempts/${attemptId}/grade`).set(headers).send(body);
    expect((await grade(student.headers, { question_id: q.questionIds[1], points: 4 })).status).to.equal(403);
    expect((await grade(mentor.headers, { question_id: q.questionIds[1], points: 4.5 })).status).to.equal(400);
    expect((await grade(mentor.headers, { question_id: q.questionIds[1], points: 1.234 })).status).to.equal(400);
    expect((await grade(mentor.headers, { question_id: q.questionIds[0], points: 1 })).status).to.equal(400); // graded automatically
    expect(
      (await grade((await h.user(await h.tenant(), Role.Mentor)).headers, { question_id: q.questionIds[1], points: 1 })).status,
    ).to.equal(404);
    expect((await h.http.get(`/api/lms/quiz-attempts/${attemptId}`).set(student.headers)).body.data.attempt.status).to.equal(
      'needs_grading',
    );
    expect(await h.mailsTo(t, student.email)).to.have.length(0);

    const marked = await grade(mentor.headers, { question_id: q.questionIds[1], points: 1.5, feedback: 'Mention carbon dioxide.' });
    expect(marked.status, JSON.stringify(marked.body)).to.equal(200);
    expect(marked.body.data.attempt).to.include({ status: 'submitted', score: 2.5, percentage: 50, passed: true });
    expect(marked.body.data).to.include({ course_completed: true, certificate_issued: true });
    const mails = await h.mailsTo(t, student.email);
    expect(mails).to.have.length(1);
    expect(mails[0]!.subject).to.equal('Quiz answer graded: Essay quiz (1.5/4)');
    expect(mails[0]!.text).to.include('Mention carbon dioxide.').and.include('2.5 / 5');

    const review = await h.http.get(`/api/lms/quiz-attempts/${attemptId}`).set(student.headers);
    expect(review.body.data.questions[1]).to.include({ points_awarded: 1.5, needs_grading: false, feedback: 'Mention carbon dioxide.' });
    expect(containsKey(review.body, 'is_correct')).to.equal(false);
    expect((await h.http.get('/api/lms/mentor/quiz-essays').set(mentor.headers)).body.data.total).to.equal(0);
    const graded = await h.http.get('/api/lms/mentor/quiz-essays?status=graded').set(mentor.headers);
    expect(graded.body.data.items[0]).to.include({ points_awarded: 1.5, feedback: 'Mention carbon dioxide.', graded_by: mentor.id });

    // A correction re-totals; a mentor's own attempt, or a peer's, is not theirs to grade.
    const corrected = await grade(mentor.headers, { question_id: q.questionIds[1], points: 4 });
    expect(corrected.body.data.attempt).to.include({ score: 5, percentage: 100 });
    const otherMentor = await h.user(t, Role.Mentor);
    const own = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(otherMentor.headers);
    await h.http
      .post(`/api/lms/quiz-attempts/${own.body.data.attempt.id}/submit`)
      .set(otherMentor.headers)
      .send({ answers: [{ question_id: q.questionIds[1], answer: 'Mine' }] })
      .expect(200);
    expect(
      (
        await h.http
          .post(`/api/lms/quiz-attempts/${own.body.data.attempt.id}/grade`)
          .set(otherMentor.headers)
          .send({ question_id: q.questionIds[1], points: 4 })
      ).status,
    ).to.equal(403);
    expect(
      (
        await h.http
          .post(`/api/lms/quiz-attempts/${own.body.data.attempt.id}/grade`)
          .set(mentor.headers)
          .send({ question_id: q.questionIds[1], points: 4 })
      ).status,
    ).to.equal(403);
    expect((await h.http.get('/api/lms/mentor/quiz-essays').set(mentor.headers)).body.data.total).to.equal(0);
    expect((await h.http.get('/api/lms/mentor/quiz-essays').set(admin.headers)).body.data.total).to.equal(1);
  });

  it(
    "exports only Moodle's grades: thirds and all-or-nothing shares map to Moodle's values, 0.37 is flagged when " +
      'authored and refuses the export',
    async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const thirds = {
        question_type: 'multiple_answer',
        question_text: 'Thirds',
        options: [
          { option_text: 'a', weight: 0.333333 },
          { option_text: 'b', weight: 0.666667 },
          { option_text: 'c', weight: -1 / 7 },
        ],
      };
      const elevenOfTwelve = {
        question_type: 'multiple_answer',
        question_text: 'Eleven of twelve',
        options: Array.from({ length: 12 }, (_, i) => ({ option_text: `o${i}`, is_correct: i < 11 })),
      };
      const q = await seedQuiz(h, admin, { publish: false, questions: [thirds, elevenOfTwelve] });
      const fractions = (xml: string) =>
        [...xml.matchAll(/<question type="multichoice">[\s\S]*?<\/question>/g)].map((m) =>
          [...m[0].matchAll(/<answer fraction="([^"]+)"/g)].map((a) => a[1]),
        );
      const exported = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-questions`).set(admin.headers).buffer(true);
      expect(exported.status).to.equal(200);
      expect(fractions(exported.text)).to.deep.equal([
        ['33.33333', '66.66667', '-14.28571'],
        [...Array(9).fill('10'), '5', '5', '-100'],
      ]);
      const author = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
      expect(
        author.body.data.questions[0].options.map((o: Option & { moodle_grade?: boolean }) => [o.weight, o.moodle_grade]),
      ).to.deep.equal([
        [0.333333, true],
        [0.666667, true],
        [-0.1428571, true],
      ]);
      expect(author.body.data.questions[1].options.every((o: object) => !('moodle_grade' in o))).to.equal(true);

      const odd = await h.http
        .post(`/api/lms/admin/quizzes/${q.quizId}/questions`)
        .set(admin.headers)
        .send({
          question_type: 'multiple_answer',
          question_text: 'Weighted 37',
          options: [
            { option_text: 'a', weight: 0.37 },
            { option_text: 'b', weight: 0.63 },
            { option_text: 'c', weight: -1 },
          ],
        });
      expect(odd.status, JSON.stringify(odd.body)).to.equal(200);
      expect(odd.body.data.options.map((o: { moodle_grade: boolean }) => o.moodle_grade)).to.deep.equal([false, false, true]);
      const refused = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-questions?format=moodle_xml`).set(admin.headers);
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.equal('The questions cannot be exported in this format');
      expect(refused.body.error).to.match(/^question 3 \("Weighted 37"\): option "a" is worth 37 %, which is not one of Moodle's grades/);
    },
  );

  it('exports the questions as Moodle XML that imports back to the same questions; GIFT brings the new types in', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, {
      publish: false,
      questions: [...WEIGHTED, { question_type: 'essay', question_text: '<p>Discuss</p>', points: 4 }],
    });
    const exported = await h.http
      .get(`/api/lms/admin/quizzes/${q.quizId}/export-questions?format=moodle_xml`)
      .set(admin.headers)
      .buffer(true);
    expect(exported.status).to.equal(200);
    expect(exported.headers['content-type']).to.match(/^application\/xml/);
    expect(exported.headers['content-disposition']).to.match(/^attachment; filename="quiz-.*-questions\.xml"/);
    expect(exported.text).to.match(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<quiz>/);
    expect((await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-questions?format=pdf`).set(admin.headers)).status).to.equal(400);
    expect(
      (await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-questions`).set((await h.user(t, Role.Mentor)).headers)).status,
    ).to.equal(403);

    const copy = await seedQuiz(h, admin, { publish: false, questions: [] });
    const imported = await h.http
      .post(`/api/lms/admin/quizzes/${copy.quizId}/import-csv`)
      .set(admin.headers)
      .attach('file', Buffer.from(exported.text, 'utf8'), { filename: 'bank.xml', contentType: 'text/xml' });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
    expect(imported.body.data).to.include({ format: 'moodle_xml', imported: 5, max_score_added: 14 });
    const shape = (body: {
      data: { questions: Array<{ question_type: string; question_text: string; points: number; options: Option[] }> };
    }) =>
      body.data.questions.map((x) => ({
        ...x,
        id: undefined,
        quiz_id: undefined,
        options: x.options.map((o) => ({ ...o, id: undefined, match_id: undefined })),
      }));
    const before = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
    const after = await h.http.get(`/api/lms/quizzes/${copy.quizId}`).set(admin.headers);
    expect(shape(after.body)).to.deep.equal(shape(before.body));

    const broken = await h.http
      .post(`/api/lms/admin/quizzes/${copy.quizId}/import-csv`)
      .set(admin.headers)
      .field('format', 'moodle_xml')
      .attach('file', Buffer.from('<quiz><question type="ddwtos"><name><text>Drag</text></name></question></quiz>', 'utf8'), {
        filename: 'x.txt',
        contentType: 'text/plain',
      });
    expect(broken.status).to.equal(400);
    expect(broken.body.errors ?? broken.body).to.satisfy((e: unknown) =>
      JSON.stringify(e).includes('question 1 (\\"Drag\\"): type \\"ddwtos\\" is not supported'),
    );

    const gift = await h.http
      .post(`/api/lms/admin/quizzes/${copy.quizId}/import-csv`)
      .set(admin.headers)
      .field('format', 'gift')
      .attach(
        'file',
        Buffer.from(
          'Year? {#=1822:0 =%50%1822:2}\n\nMatch {=a -> 1 =b -> 2 = -> 3}\n\nWrite {}\n\nCity? {=Paris =paris =%25%Par*}\n',
          'utf8',
        ),
        { filename: 'q.gift', contentType: 'text/plain' },
      );
    expect(gift.status, JSON.stringify(gift.body)).to.equal(200);
    expect(gift.body.data.questions.map((x: { question_type: string }) => x.question_type)).to.deep.equal([
      'numerical',
      'matching',
      'essay',
      'short_answer',
    ]);
    expect((await h.http.get(`/api/lms/quizzes/${copy.quizId}`).set(admin.headers)).body.data.questions).to.have.length(9);
  });
});
