import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { seedCourse, enrol } from '../learning/learning-fixtures.js';
import { addQuestion, answersFor, createQuiz, enrolledStudent, seedQuiz, type SeededQuiz } from './assessment-fixtures.js';

interface Version {
  id: string;
  version: number;
  question_text: string;
  options: Array<{ id: string; option_text: string; is_correct: boolean }>;
  replaced_at: string | null;
}

/** Issue 33: editing a question after attempts have seen it makes a new version; old attempts keep theirs. */
describe('HTTP assessment: question versions', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const versions = async (admin: TestUser, questionId: string) => {
    const res = await h.http.get(`/api/lms/admin/quiz-questions/${questionId}/versions`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Version[];
  };
  const edit = (admin: TestUser, questionId: string, body: Record<string, unknown>) =>
    h.http.put(`/api/lms/admin/quiz-questions/${questionId}`).set(admin.headers).send(body);
  /** The first question ("Pick A") made "Pick B": B becomes the right option. */
  const pickB = (q: SeededQuiz, text = 'Pick B') => ({
    question_text: text,
    options: ['A', 'B', 'C'].map((letter, i) => ({ id: q.optionIds[0]![i], option_text: letter, is_correct: letter === 'B' })),
  });
  const submittedAttempt = async (admin: TestUser, q: SeededQuiz) => {
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(start.status, JSON.stringify(start.body)).to.equal(200);
    const id = start.body.data.attempt.id as string;
    const submit = await h.http
      .post(`/api/lms/quiz-attempts/${id}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q) });
    expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
    return { student, id, start: start.body.data as { questions: Array<{ id: string; question_text: string }> } };
  };

  it('an edit after an attempt makes version 2: the old attempt keeps its text, options and marks; a new attempt sees version 2', async () => {
    const admin = await h.user(await h.tenant(), Role.Admin);
    const q = await seedQuiz(h, admin);
    const first = await submittedAttempt(admin, q);

    const res = await edit(admin, q.questionIds[0]!, pickB(q));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ id: q.questionIds[0], version: 2, question_text: 'Pick B' });

    const listed = await versions(admin, q.questionIds[0]!);
    expect(listed.map((v) => [v.id, v.version, v.question_text])).to.deep.equal([
      [q.questionIds[0], 2, 'Pick B'],
      [q.questionIds[0], 1, 'Pick A'],
    ]);
    expect(listed[0]!.replaced_at).to.equal(null);
    expect(Date.parse(listed[1]!.replaced_at!)).to.be.a('number').and.not.NaN;
    expect(listed[1]!.options.map((o) => o.is_correct)).to.deep.equal([true, false, false]);
    expect(listed[0]!.options.map((o) => o.is_correct)).to.deep.equal([false, true, false]);
    // The other questions were not edited: still version 1, with no history.
    expect((await versions(admin, q.questionIds[1]!)).map((v) => v.version)).to.deep.equal([1]);

    // The old attempt's review: the text and options it saw, and its marks as graded (5 of 5).
    const review = await h.http.get(`/api/lms/quiz-attempts/${first.id}`).set(admin.headers);
    expect(review.status).to.equal(200);
    expect(review.body.data.attempt).to.include({ score: 5, percentage: 100 });
    const seen = review.body.data.questions[0] as {
      question_text: string;
      points_awarded: number;
      options: Array<{ option_text: string; is_correct: boolean }>;
    };
    expect(seen.question_text).to.equal('Pick A');
    expect(seen.points_awarded).to.equal(1);
    expect(seen.options.map((o) => [o.option_text, o.is_correct])).to.deep.equal([
      ['A', true],
      ['B', false],
      ['C', false],
    ]);

    // A new attempt sees version 2 and is graded by it: A is now wrong.
    const second = await submittedAttempt(admin, q);
    expect(second.start.questions.find((x) => x.id === q.questionIds[0])?.question_text).to.equal('Pick B');
    const secondReview = await h.http.get(`/api/lms/quiz-attempts/${second.id}`).set(admin.headers);
    expect(secondReview.body.data.attempt).to.include({ score: 4 });
    expect(secondReview.body.data.questions[0].points_awarded).to.equal(0);
    // …and the first attempt still has its 5.
    const again = await h.http.get(`/api/lms/quiz-attempts/${first.id}`).set(admin.headers);
    expect(again.body.data.attempt).to.include({ score: 5 });
  });

  it('an edit before any attempt changes version 1 in place; a change of order alone is no new version', async () => {
    const admin = await h.user(await h.tenant(), Role.Admin);
    const q = await seedQuiz(h, admin);
    const res = await edit(admin, q.questionIds[0]!, pickB(q));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ version: 1, question_text: 'Pick B' });
    expect((await versions(admin, q.questionIds[0]!)).map((v) => [v.version, v.question_text])).to.deep.equal([[1, 'Pick B']]);

    await submittedAttempt(admin, q);
    const moved = await edit(admin, q.questionIds[0]!, { order: 4 });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    expect(moved.body.data).to.include({ version: 1, order: 4 });
    const same = await edit(admin, q.questionIds[0]!, { question_text: 'Pick B' });
    expect(same.body.data).to.include({ version: 1 });
    expect(await versions(admin, q.questionIds[0]!)).to.have.length(1);
  });

  it('every later edit of a question attempts have seen makes one more version; a refused edit makes none', async () => {
    const admin = await h.user(await h.tenant(), Role.Admin);
    const q = await seedQuiz(h, admin);
    await submittedAttempt(admin, q);
    expect((await edit(admin, q.questionIds[0]!, pickB(q))).body.data.version).to.equal(2);
    expect((await edit(admin, q.questionIds[0]!, { question_text: 'Pick B, really' })).body.data.version).to.equal(3);

    const bad = await edit(admin, q.questionIds[0]!, { options: [] });
    expect(bad.status).to.equal(400);
    expect((await versions(admin, q.questionIds[0]!)).map((v) => [v.version, v.question_text])).to.deep.equal([
      [3, 'Pick B, really'],
      [2, 'Pick B'],
      [1, 'Pick A'],
    ]);
  });

  it('two simultaneous edits after an attempt make versions 2 and 3, not two 2s', async () => {
    const admin = await h.user(await h.tenant(), Role.Admin);
    const q = await seedQuiz(h, admin);
    await submittedAttempt(admin, q);
    const [x, y] = await Promise.all([
      edit(admin, q.questionIds[0]!, { question_text: 'Edit X' }),
      edit(admin, q.questionIds[0]!, { question_text: 'Edit Y' }),
    ]);
    expect([x.status, y.status], JSON.stringify([x.body, y.body])).to.deep.equal([200, 200]);
    expect([x.body.data.version, y.body.data.version].sort()).to.deep.equal([2, 3]);
    const last = x.body.data.version === 3 ? 'Edit X' : 'Edit Y';
    const middle = last === 'Edit X' ? 'Edit Y' : 'Edit X';
    expect((await versions(admin, q.questionIds[0]!)).map((v) => [v.version, v.question_text])).to.deep.equal([
      [3, last],
      [2, middle],
      [1, 'Pick A'],
    ]);
  });

  it('a bank question drawn by a random slot has been seen: its edit makes version 2; an undrawn one changes in place', async () => {
    const admin = await h.user(await h.tenant(), Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const quizId = await createQuiz(h, admin, course.moduleIds[0]!);
    await addQuestion(h, admin, quizId, { question_type: 'true_false', question_text: 'Fixed', correct_answer: true });
    const pool = await h.http.post(`/api/lms/admin/courses/${course.id}/question-categories`).set(admin.headers).send({ name: 'Pool' });
    const bank: string[] = [];
    for (const i of [1, 2, 3]) {
      const res = await h.http
        .post(`/api/lms/admin/question-categories/${pool.body.data.id}/questions`)
        .set(admin.headers)
        .send({ question_type: 'true_false', question_text: `Bank ${i}`, correct_answer: true });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      bank.push(res.body.data.id as string);
    }
    await h.http
      .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
      .set(admin.headers)
      .send({ category_id: pool.body.data.id, count: 1 })
      .expect(200);
    await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers).expect(200);
    const student = await h.user(admin.tenant);
    await enrol(h, admin, student.id, course.id);
    const start = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers);
    expect(start.status, JSON.stringify(start.body)).to.equal(200);
    const drawn = (start.body.data.questions as Array<{ id: string }>).map((x) => x.id).find((id) => bank.includes(id))!;
    const undrawn = bank.find((id) => id !== drawn)!;

    expect((await edit(admin, drawn, { question_text: 'Drawn, edited' })).body.data).to.include({ version: 2 });
    expect((await edit(admin, undrawn, { question_text: 'Undrawn, edited' })).body.data).to.include({ version: 1 });
    expect((await versions(admin, drawn)).map((v) => v.version)).to.deep.equal([2, 1]);
    // The attempt keeps the text it drew.
    const review = await h.http.get(`/api/lms/quiz-attempts/${start.body.data.attempt.id}`).set(student.headers);
    expect(review.body.data.questions.map((x: { question_text: string }) => x.question_text)).to.include(`Bank ${bank.indexOf(drawn) + 1}`);
  });

  it("answers 404 for an unknown question or another tenant's", async () => {
    const admin = await h.user(await h.tenant(), Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false });
    const other = await h.user(await h.tenant(), Role.Admin);
    const foreign = await h.http.get(`/api/lms/admin/quiz-questions/${q.questionIds[0]}/versions`).set(other.headers);
    expect(foreign.status).to.equal(404);
    const unknown = await h.http.get('/api/lms/admin/quiz-questions/00000000-0000-4000-8000-000000000000/versions').set(admin.headers);
    expect(unknown.status).to.equal(404);
    const student = await h.user(admin.tenant);
    expect((await h.http.get(`/api/lms/admin/quiz-questions/${q.questionIds[0]}/versions`).set(student.headers)).status).to.equal(403);
  });
});
