import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { containsKey, enrolledStudent, seedQuiz } from './assessment-fixtures.js';

type Option = { id: string; option_text: string; is_correct?: boolean };
type Item = {
  id: string;
  question_type: string;
  points: number;
  options: Option[];
  answer: string[] | null;
  points_awarded?: number | null;
  max_points?: number;
  is_correct?: boolean;
};

const ITEMS = ['Modular', 'Object', 'Oriented', 'Dynamic', 'Learning'];

/** A description between questions, an ordering of five items (5 points), a multiple choice (1 point). */
const QUESTIONS = [
  { question_type: 'description', question_text: "<p>Part 1: Moodle's name</p>" },
  { question_type: 'ordering', question_text: "Put the words of Moodle's name in order", points: 5, options: ITEMS },
  {
    question_type: 'multiple_choice',
    question_text: 'Pick A',
    points: 1,
    options: [
      { option_text: 'A', is_correct: true },
      { option_text: 'B', is_correct: false },
    ],
  },
];

describe('HTTP assessment: description items and ordering questions', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('creates them through the API, refusing a description with a mark or an ordering of one item', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: QUESTIONS, publish: false });
    const post = (body: Record<string, unknown>) =>
      h.http.post(`/api/lms/admin/quizzes/${q.quizId}/questions`).set(admin.headers).send(body);
    const refused = [
      await post({ question_type: 'description', question_text: 'Read', points: 2 }),
      await post({ question_type: 'description', question_text: 'Read', options: ['a'] }),
      await post({ question_type: 'ordering', question_text: 'Sort', options: ['only'] }),
      await post({
        question_type: 'ordering',
        question_text: 'Sort',
        options: [
          { option_text: 'a', weight: 1 },
          { option_text: 'b', weight: 0 },
        ],
      }),
    ];
    expect(refused.map((r) => r.status)).to.deep.equal([400, 400, 400, 400]);
    expect(JSON.stringify(refused[0]!.body)).to.include('a description has no mark: its points are 0');
    expect(JSON.stringify(refused[2]!.body)).to.include('ordering needs at least two items');
    const author = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
    const questions = author.body.data.questions as Item[];
    expect(questions.map((x) => [x.question_type, x.points])).to.deep.equal([
      ['description', 0],
      ['ordering', 5],
      ['multiple_choice', 1],
    ]);
    expect(questions[0]!.options).to.deep.equal([]);
    expect(questions[1]!.options.map((o) => [o.option_text, o.is_correct])).to.deep.equal(ITEMS.map((w) => [w, true]));
    // The description is no question: counted in neither.
    expect(author.body.data).to.include({ question_count: 2, max_score: 6 });

    // A quiz of descriptions alone cannot be published: it has nothing to mark.
    const only = await seedQuiz(h, admin, { questions: [QUESTIONS[0]!], publish: false });
    const publish = await h.http.post(`/api/lms/admin/quizzes/${only.quizId}/publish`).set(admin.headers);
    expect(publish.status).to.equal(400);
    expect((await h.http.put(`/api/lms/admin/quizzes/${only.quizId}`).set(admin.headers).send({ status: 'published' })).status).to.equal(
      400,
    );
  });

  it(
    'attempts: the description takes no answer and no mark, items are shuffled per attempt, a wrong order earns partial ' +
      'credit; review and statistics',
    async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const q = await seedQuiz(h, admin, { questions: QUESTIONS, quiz: { show_correct_answers: true, passing_score: 50 } });
      const [descriptionId, orderingId, mcId] = q.questionIds as [string, string, string];
      const [, items, mc] = q.optionIds as [string[], string[], string[]];
      const student = await enrolledStudent(h, admin, q);

      // Before an attempt the items are listed by text: their authored order is the answer.
      const detail = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(student.headers);
      expect(containsKey(detail.body, 'is_correct')).to.equal(false);
      expect(detail.body.data.questions[1].options.map((o: Option) => o.option_text)).to.deep.equal([...ITEMS].sort());

      const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      expect(start.status, JSON.stringify(start.body)).to.equal(200);
      const attemptId = start.body.data.attempt.id as string;
      expect(start.body.data.attempt.max_score).to.equal(6); // the description counts for nothing
      const shown = (body: { data: { questions: Item[] } }) =>
        body.data.questions.find((x) => x.id === orderingId)!.options.map((o) => o.id);
      expect(shown(start.body)).to.have.members(items);
      expect(start.body.data.questions.find((x: Item) => x.id === descriptionId).options).to.deep.equal([]);

      const save = (questionId: string, answer: unknown) =>
        h.http.post(`/api/lms/quiz-attempts/${attemptId}/answers`).set(student.headers).send({ question_id: questionId, answer });
      const noAnswer = await save(descriptionId, ['x']);
      expect(noAnswer.status).to.equal(400);
      expect(JSON.stringify(noAnswer.body)).to.include('a description takes no answer');
      expect((await save(orderingId, items.slice(0, 4))).status).to.equal(400); // every item, once
      expect((await save(orderingId, [...items.slice(0, 4), items[0]])).status).to.equal(400);
      expect((await save(orderingId, [...items].reverse())).status).to.equal(200);

      // Resuming shows the same shuffled order and the saved answer.
      const resumed = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      expect(resumed.body.data.attempt.id).to.equal(attemptId);
      expect(shown(resumed.body)).to.deep.equal(shown(start.body));
      expect(resumed.body.data.questions.find((x: Item) => x.id === orderingId).answer).to.deep.equal([...items].reverse());

      // Reversed, five items: 0 + 2 + 4 + 2 + 0 of 5 × 4 = 0.4 of 5 points (Moodle's "relative to correct position").
      const submit = await h.http
        .post(`/api/lms/quiz-attempts/${attemptId}/submit`)
        .set(student.headers)
        .send({ answers: [{ question_id: mcId, answer: [mc[0]] }] });
      expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
      expect(submit.body.data.attempt).to.include({ status: 'submitted', score: 3, max_score: 6, percentage: 50, passed: true });

      const review = await h.http.get(`/api/lms/quiz-attempts/${attemptId}`).set(student.headers);
      const byId = new Map((review.body.data.questions as Item[]).map((x) => [x.id, x]));
      expect(byId.get(descriptionId)).to.include({ answer: null, points_awarded: null, max_points: 0 });
      expect(byId.get(descriptionId)!.options).to.deep.equal([]);
      expect(byId.get(orderingId)).to.include({ points_awarded: 2, max_points: 5, is_correct: false });
      // Revealed: the items in their correct order.
      expect(byId.get(orderingId)!.options.map((o) => o.option_text)).to.deep.equal(ITEMS);
      expect(byId.get(mcId)).to.include({ points_awarded: 1, is_correct: true });

      // A second attempt in the right order: full marks; its items shuffled by its own seed.
      const again = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      const best = await h.http
        .post(`/api/lms/quiz-attempts/${again.body.data.attempt.id}/submit`)
        .set(student.headers)
        .send({
          answers: [
            { question_id: orderingId, answer: items },
            { question_id: mcId, answer: [mc[1]] },
          ],
        });
      expect(best.body.data.attempt).to.include({ score: 5, max_score: 6 });
      expect(best.body.data.questions.find((x: Item) => x.id === orderingId)).to.include({ points_awarded: 5, is_correct: true });

      // Statistics leave the description out (Moodle's do too).
      const stats = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics`).set(admin.headers);
      expect(stats.status).to.equal(200);
      expect(stats.body.data.attempts).to.equal(2);
      const rows = stats.body.data.questions as Array<{
        question_id: string;
        question_type: string;
        attempts: number;
        mean_mark: number;
        random_guess_score: number | null;
      }>;
      expect(rows.map((r) => r.question_id)).to.deep.equal([orderingId, mcId]);
      expect(rows[0]).to.include({ question_type: 'ordering', attempts: 2, mean_mark: 3.5, random_guess_score: 0 });

      // The analysis of responses: per item the positions it was put in (reversed once, in order once).
      const analysis = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/response-analysis`).set(admin.headers);
      expect(analysis.status, JSON.stringify(analysis.body)).to.equal(200);
      const ordering = (
        analysis.body.data.questions as Array<{
          question_id: string;
          subparts: Array<{ label: string; responses: Array<{ model_response: string; credit: number; count: number }> }>;
        }>
      ).find((x) => x.question_id === orderingId)!;
      expect(ordering.subparts.map((p) => p.label)).to.deep.equal(ITEMS);
      const placed = (i: number) => ordering.subparts[i]!.responses.filter((r) => r.count > 0).map((r) => [r.model_response, r.count]);
      expect(placed(0)).to.deep.equal([
        ['Position 1', 1],
        ['Position 5', 1],
      ]);
      expect(placed(2)).to.deep.equal([['Position 3', 2]]);
      expect(ordering.subparts[0]!.responses.map((r) => r.credit)).to.deep.equal([0.2, 0, 0, 0, 0, 0]);
    },
  );

  it('exports them as Moodle XML that imports back the same', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: QUESTIONS, publish: false });
    const exported = await h.http
      .get(`/api/lms/admin/quizzes/${q.quizId}/export-questions?format=moodle_xml`)
      .set(admin.headers)
      .buffer(true);
    expect(exported.status).to.equal(200);
    expect(exported.text)
      .to.include('<question type="description">')
      .and.include('<question type="ordering">')
      .and.include('<gradingtype>RELATIVE_TO_CORRECT</gradingtype>');
    const copy = await seedQuiz(h, admin, { publish: false, questions: [] });
    const imported = await h.http
      .post(`/api/lms/admin/quizzes/${copy.quizId}/import-csv`)
      .set(admin.headers)
      .attach('file', Buffer.from(exported.text, 'utf8'), { filename: 'bank.xml', contentType: 'text/xml' });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
    expect(imported.body.data).to.include({ format: 'moodle_xml', imported: 3, max_score_added: 6 });
    const shape = (body: { data: { questions: Item[] } }) =>
      body.data.questions.map((x) => [x.question_type, x.points, x.options.map((o) => o.option_text)]);
    const before = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
    const after = await h.http.get(`/api/lms/quizzes/${copy.quizId}`).set(admin.headers);
    expect(shape(after.body)).to.deep.equal(shape(before.body));

    // Moodle's own fixtures leave <gradingtype> out, which Moodle reads as RELATIVE_NEXT_EXCLUDE_LAST: kept so.
    const other = await h.http
      .post(`/api/lms/admin/quizzes/${copy.quizId}/import-csv`)
      .set(admin.headers)
      .field('format', 'moodle_xml')
      .attach('file', Buffer.from(exported.text.replace('<gradingtype>RELATIVE_TO_CORRECT</gradingtype>', ''), 'utf8'), {
        filename: 'bank.xml',
        contentType: 'text/xml',
      });
    expect(other.status, JSON.stringify(other.body)).to.equal(200);
    expect((other.body.data.questions as Array<{ ordering_grading?: string }>).map((x) => x.ordering_grading)).to.deep.equal([
      undefined,
      'relative_next_exclude_last',
      undefined,
    ]);
    // A random subset of the items is still refused, naming the question; nothing is imported.
    const subset = await h.http
      .post(`/api/lms/admin/quizzes/${copy.quizId}/import-csv`)
      .set(admin.headers)
      .field('format', 'moodle_xml')
      .attach(
        'file',
        Buffer.from(
          exported.text
            .replace('<selecttype>ALL</selecttype>', '<selecttype>RANDOM</selecttype>')
            .replace(/<selectcount>5/, '<selectcount>3'),
          'utf8',
        ),
        { filename: 'bank.xml', contentType: 'text/xml' },
      );
    expect(subset.status).to.equal(400);
    expect(String(subset.body.error)).to.include('question 2 (').and.include('): it shows a random subset of 3 of its 5 items');
    expect((await h.http.get(`/api/lms/quizzes/${copy.quizId}`).set(admin.headers)).body.data.questions).to.have.length(6);
  });

  it("imports a GIFT ordering block (qtype_ordering's `{>N …}`) with its grading type; a subset of the items is refused", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const quiz = await seedQuiz(h, admin, { publish: false, questions: [] });
    const upload = (gift: string) =>
      h.http
        .post(`/api/lms/admin/quizzes/${quiz.quizId}/import-csv`)
        .set(admin.headers)
        .attach('file', Buffer.from(gift, 'utf8'), { filename: 'order.gift', contentType: 'text/plain' });
    const res = await upload('::Stack:: Order the layers. {>3 ALL VERTICAL ALL_OR_NOTHING\nDomain\nApplication\nAdapters\n}\n');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ format: 'gift', imported: 1 });
    const [q] = res.body.data.questions as Array<Item & { ordering_grading?: string }>;
    expect([q!.question_type, q!.ordering_grading, q!.options.map((o) => o.option_text)]).to.deep.equal([
      'ordering',
      'all_or_nothing',
      ['Domain', 'Application', 'Adapters'],
    ]);
    const subset = await upload('Some {>2 RANDOM\na\nb\nc}\n');
    expect(subset.status).to.equal(400);
    expect(String(subset.body.error)).to.include('random subset of 2 of its 3 items');
    expect((await h.http.get(`/api/lms/quizzes/${quiz.quizId}`).set(admin.headers)).body.data.questions).to.have.length(1);
  });

  it('grading types: chosen per ordering question (400 on other types), kept by attempts that started before a change', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: [QUESTIONS[2]!], quiz: { show_correct_answers: true } });
    const post = (body: Record<string, unknown>) =>
      h.http.post(`/api/lms/admin/quizzes/${q.quizId}/questions`).set(admin.headers).send(body);
    const ordering = { question_type: 'ordering', question_text: 'Order the words', points: 6, options: ITEMS };
    const plain = await post(ordering);
    expect(plain.status).to.equal(200);
    expect(plain.body.data).to.include({ ordering_grading: 'relative_to_correct' });
    const absolute = await post({ ...ordering, ordering_grading: 'absolute_position' });
    expect(absolute.status, JSON.stringify(absolute.body)).to.equal(200);
    expect(absolute.body.data).to.include({ ordering_grading: 'absolute_position', version: 1 });
    const orderingId = absolute.body.data.id as string;
    const items = (absolute.body.data.options as Option[]).map((o) => o.id);

    // Other types take none: 400 naming the field, on create, update and bank questions; an unknown type is refused too.
    const mcId = q.questionIds[0]!;
    const refused = [
      await post({ ...QUESTIONS[2], ordering_grading: 'absolute_position' }),
      await h.http.put(`/api/lms/admin/quiz-questions/${mcId}`).set(admin.headers).send({ ordering_grading: 'all_or_nothing' }),
      await post({ ...ordering, ordering_grading: 'sideways' }),
    ];
    expect(refused.map((r) => r.status)).to.deep.equal([400, 400, 400]);
    expect(JSON.stringify(refused[0]!.body)).to.include('only ordering questions have an ordering_grading');
    expect(JSON.stringify(refused[1]!.body)).to.include('only ordering questions have an ordering_grading');
    const mcView = (await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers)).body.data.questions[0];
    expect(mcView).to.not.have.property('ordering_grading');
    const categories = await h.http.get(`/api/lms/admin/courses/${q.course.id}/question-categories`).set(admin.headers);
    const categoryId = categories.body.data[0].id as string;
    const bank = (body: Record<string, unknown>) =>
      h.http.post(`/api/lms/admin/question-categories/${categoryId}/questions`).set(admin.headers).send(body);
    expect((await bank({ ...QUESTIONS[2], ordering_grading: 'all_or_nothing' })).status).to.equal(400);
    const banked = await bank({ ...ordering, ordering_grading: 'longest_contiguous_subset' });
    expect(banked.status, JSON.stringify(banked.body)).to.equal(200);
    expect(banked.body.data).to.include({ ordering_grading: 'longest_contiguous_subset', quiz_id: null });

    // An attempt starts with absolute_position; the author then makes the question all or nothing.
    const student = await enrolledStudent(h, admin, q);
    const first = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const changed = await h.http
      .put(`/api/lms/admin/quiz-questions/${orderingId}`)
      .set(admin.headers)
      .send({ ordering_grading: 'all_or_nothing' });
    expect(changed.status).to.equal(200);
    expect(changed.body.data).to.include({ ordering_grading: 'all_or_nothing', version: 2 });
    // A text edit keeps the grading type.
    const retitled = await h.http
      .put(`/api/lms/admin/quiz-questions/${orderingId}`)
      .set(admin.headers)
      .send({ question_text: 'Order them' });
    expect(retitled.body.data).to.include({ ordering_grading: 'all_or_nothing', version: 3 });
    const versions = await h.http.get(`/api/lms/admin/quiz-questions/${orderingId}/versions`).set(admin.headers);
    expect(
      (versions.body.data as Array<{ version: number; ordering_grading: string }>).map((v) => [v.version, v.ordering_grading]),
    ).to.deep.equal([
      [3, 'all_or_nothing'],
      [2, 'all_or_nothing'],
      [1, 'absolute_position'],
    ]);

    // Modular and Learning swapped: 3 of 5 in place. The started attempt grades as it started: 3/5 of 6 points.
    const answer = [items[4]!, items[1]!, items[2]!, items[3]!, items[0]!];
    const submitted = await h.http
      .post(`/api/lms/quiz-attempts/${first.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({ answers: [{ question_id: orderingId, answer }] });
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(200);
    const graded = (body: { data: { questions: Item[] } }) => body.data.questions.find((x) => x.id === orderingId)!;
    expect(graded(submitted.body)).to.include({ points_awarded: 3.6, is_correct: false });
    // A new attempt sees the current version: all or nothing.
    const second = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const again = await h.http
      .post(`/api/lms/quiz-attempts/${second.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({ answers: [{ question_id: orderingId, answer }] });
    expect(graded(again.body)).to.include({ points_awarded: 0 });

    // The Moodle XML export writes each question's own.
    const exported = await h.http
      .get(`/api/lms/admin/quizzes/${q.quizId}/export-questions?format=moodle_xml`)
      .set(admin.headers)
      .buffer(true);
    expect(exported.text)
      .to.include('<gradingtype>RELATIVE_TO_CORRECT</gradingtype>')
      .and.include('<gradingtype>ALL_OR_NOTHING</gradingtype>');
  });
});
