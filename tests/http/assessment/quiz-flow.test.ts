import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { statementsOf } from '../../support/statement-counter.js';
import { Role, UserStatus } from '../../../domain/identity/role.js';
import { complete, enrol } from '../learning/learning-fixtures.js';
import { addQuestion, answersFor, containsKey, createQuiz, enrolledStudent, freshHeaders, seedQuiz } from './assessment-fixtures.js';

describe('HTTP assessment: authoring and taking quizzes', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('author → publish → start → answer → submit → review; is_correct never reaches the student before submitting', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { show_correct_answers: true, title: 'Final' } });
    const student = await enrolledStudent(h, admin, q);

    const list = await h.http.get(`/api/lms/quizzes?module_id=${q.course.moduleIds[0]}`).set(student.headers);
    expect(list.status).to.equal(200);
    expect(list.body.data.total).to.equal(1);
    expect(list.body.data.items[0]).to.include({ id: q.quizId, title: 'Final', status: 'published', question_count: 4, max_score: 5 });
    expect(list.body.data.items[0].my_attempts).to.include({ attempts_used: 0, attempts_left: null, passed: false });

    const detail = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(student.headers);
    expect(detail.status).to.equal(200);
    expect(detail.body.data.questions.map((x: { id: string }) => x.id)).to.deep.equal(q.questionIds);
    expect(containsKey(detail.body, 'is_correct')).to.equal(false);
    expect(detail.body.data.questions[3]).to.include({ question_type: 'short_answer' });
    expect(detail.body.data.questions[3].options).to.deep.equal([]);
    expect(detail.body.data.questions[2].options.map((o: { option_text: string }) => o.option_text)).to.deep.equal(['True', 'False']);
    // Mentors and above see the answers.
    const mentor = await h.user(t, Role.Mentor);
    const staffView = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(mentor.headers);
    expect(staffView.body.data.questions[0].options[0]).to.include({ option_text: 'A', is_correct: true });
    expect(staffView.body.data.questions[3].options.map((o: { option_text: string }) => o.option_text)).to.deep.equal([
      'Jakarta',
      'DKI Jakarta',
    ]);

    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(start.status).to.equal(200);
    expect(start.body.message).to.equal('Attempt started');
    const attempt = start.body.data.attempt;
    expect(attempt).to.include({
      quiz_id: q.quizId,
      user_id: student.id,
      attempt_number: 1,
      status: 'in_progress',
      score: null,
      percentage: null,
      passed: null,
      max_score: 5,
      deadline_at: null,
    });
    expect(start.body.data.questions).to.have.length(4);
    expect(containsKey(start.body, 'is_correct')).to.equal(false);

    for (const a of answersFor(q, 'all')) {
      const saved = await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/answers`).set(student.headers).send(a);
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect(containsKey(saved.body, 'is_correct')).to.equal(false);
    }
    // Saving again replaces (idempotent upsert), and a bare string is a short answer.
    const again = await h.http
      .post(`/api/lms/quiz-attempts/${attempt.id}/answers`)
      .set(student.headers)
      .send({ question_id: q.questionIds[3], answer: 'JAKARTA' });
    expect(again.body.data.answer).to.deep.equal(['JAKARTA']);
    const resumed = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(resumed.body.message).to.equal('Attempt resumed');
    expect(resumed.body.data.attempt.id).to.equal(attempt.id);
    expect(resumed.body.data.questions.find((x: { id: string }) => x.id === q.questionIds[1]).answer).to.have.members([
      q.optionIds[1]![1],
      q.optionIds[1]![2],
    ]);
    const inProgress = await h.http.get(`/api/lms/quiz-attempts/${attempt.id}`).set(student.headers);
    expect(containsKey(inProgress.body, 'is_correct')).to.equal(false);
    expect(containsKey(inProgress.body, 'points_awarded')).to.equal(false);

    const submit = await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/submit`).set(student.headers);
    expect(submit.status).to.equal(200);
    expect(submit.body.data.attempt).to.include({ status: 'submitted', score: 5, max_score: 5, percentage: 100, passed: true });
    expect(submit.body.data.attempt.submitted_at).to.be.a('string');
    const review = submit.body.data.questions as Array<Record<string, unknown>>;
    expect(review.map((x) => [x.points_awarded, x.max_points, x.is_correct])).to.deep.equal([
      [1, 1, true],
      [2, 2, true],
      [1, 1, true],
      [1, 1, true],
    ]);
    expect((review[0]!.options as Array<{ is_correct: boolean }>).map((o) => o.is_correct)).to.deep.equal([true, false, false]);
    expect((review[3]!.options as Array<{ option_text: string }>).map((o) => o.option_text)).to.deep.equal(['Jakarta', 'DKI Jakarta']);

    // Idempotent: a second submit answers the same graded attempt.
    const twice = await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/submit`).set(student.headers);
    expect(twice.status).to.equal(200);
    expect(twice.body.data.attempt).to.deep.include({ status: 'submitted', score: 5, submitted_at: submit.body.data.attempt.submitted_at });
    const late = await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/answers`).set(student.headers).send(answersFor(q)[0]);
    expect(late.status).to.equal(400);
    expect(late.body.message).to.equal('The attempt has already been submitted');

    const mine = await h.http.get(`/api/lms/quizzes/${q.quizId}/attempts`).set(student.headers);
    expect(mine.body.data.total).to.equal(1);
    expect(mine.body.data.items[0]).to.include({ id: attempt.id, status: 'submitted', passed: true });
    const after = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(student.headers);
    expect(after.body.data.my_attempts).to.include({ attempts_used: 1, best_percentage: 100, passed: true, in_progress_attempt_id: null });
  });

  it('reviews without correctness when show_correct_answers is false; partial answers score per question (all or nothing)', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { show_correct_answers: false, passing_score: 70 } });
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const id = start.body.data.attempt.id as string;
    // Only B of B+C for the multiple_answer question: no points.
    const answers = answersFor(q, 'half').map((a, i) => (i === 1 ? { ...a, answer: [q.optionIds[1]![1]] } : a));
    const submit = await h.http.post(`/api/lms/quiz-attempts/${id}/submit`).set(student.headers).send({ answers });
    expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
    expect(submit.body.data.attempt).to.include({ status: 'submitted', score: 1, percentage: 20, passed: false });
    expect(containsKey(submit.body, 'is_correct')).to.equal(false);
    expect(submit.body.data.questions.map((x: { points_awarded: number }) => x.points_awarded)).to.deep.equal([1, 0, 0, 0]);
    expect(submit.body.data.questions[3].options).to.deep.equal([]);
    const detail = await h.http.get(`/api/lms/quiz-attempts/${id}`).set(student.headers);
    expect(containsKey(detail.body, 'is_correct')).to.equal(false);
    // A mentor reviewing sees correctness.
    const mentor = await h.user(t, Role.Mentor);
    const staff = await h.http.get(`/api/lms/quiz-attempts/${id}`).set(mentor.headers);
    expect(staff.status).to.equal(200);
    expect(staff.body.data.questions.map((x: { is_correct: boolean }) => x.is_correct)).to.deep.equal([true, false, false, false]);
    const all = await h.http.get(`/api/lms/quizzes/${q.quizId}/attempts`).set(mentor.headers);
    expect(all.body.data.total).to.equal(1);
  });

  it('an attempt keeps the questions it started with: edits, additions and deletions meanwhile change neither what it shows nor its grade', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { show_correct_answers: true } });
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const id = start.body.data.attempt.id as string;
    const shown = start.body.data.questions as Array<{ id: string; question_text: string }>;
    expect(start.body.data.attempt.max_score).to.equal(5);

    // While it runs: the first question's right answer becomes B, the true/false one is deleted, one is added.
    const [mc, , tf] = q.optionIds;
    const edited = await h.http
      .put(`/api/lms/admin/quiz-questions/${q.questionIds[0]}`)
      .set(admin.headers)
      .send({
        question_text: 'Pick B',
        options: [
          { id: mc![0], option_text: 'A', is_correct: false },
          { id: mc![1], option_text: 'B', is_correct: true },
          { id: mc![2], option_text: 'C', is_correct: false },
        ],
      });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect((await h.http.delete(`/api/lms/admin/quiz-questions/${q.questionIds[2]}`).set(admin.headers)).status).to.equal(200);
    const added = await addQuestion(h, admin, q.quizId, {
      question_type: 'true_false',
      question_text: 'Added later',
      points: 10,
      correct_answer: true,
    });

    // Resuming shows the questions as they were; the deleted one can still be answered, the added one cannot.
    const resumed = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(resumed.body.data.attempt.id).to.equal(id);
    expect(resumed.body.data.questions).to.deep.equal(shown);
    const tfAnswer = await h.http
      .post(`/api/lms/quiz-attempts/${id}/answers`)
      .set(student.headers)
      .send({ question_id: q.questionIds[2], answer: [tf![0]] });
    expect(tfAnswer.status, JSON.stringify(tfAnswer.body)).to.equal(200);
    const late = await h.http
      .post(`/api/lms/quiz-attempts/${id}/answers`)
      .set(student.headers)
      .send({ question_id: added.id, answer: [added.options[0]!.id] });
    expect(late.status).to.equal(400);

    // Graded on the questions it was given: A is still right for the first one, full marks.
    const submit = await h.http
      .post(`/api/lms/quiz-attempts/${id}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q, 'all') });
    expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
    expect(submit.body.data.attempt).to.include({ score: 5, max_score: 5, percentage: 100, passed: true });
    const review = await h.http.get(`/api/lms/quiz-attempts/${id}`).set(student.headers);
    expect(review.body.data.questions.map((x: { question_text: string }) => x.question_text)).to.deep.equal([
      'Pick A',
      'Pick B and C',
      'The sky is blue',
      'Capital of Indonesia?',
    ]);
    expect(review.body.data.questions.map((x: { is_correct: boolean }) => x.is_correct)).to.deep.equal([true, true, true, true]);

    // A new attempt takes the quiz as it is now.
    const next = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(next.status, JSON.stringify(next.body)).to.equal(200);
    expect(next.body.data.attempt.max_score).to.equal(1 + 2 + 1 + 10);
    expect(next.body.data.questions.map((x: { question_text: string }) => x.question_text)).to.deep.equal([
      'Pick B',
      'Pick B and C',
      'Capital of Indonesia?',
      'Added later',
    ]);

    // Every question deleted meanwhile: the running attempt still resumes; nobody starts a new one.
    for (const question of next.body.data.questions as Array<{ id: string }>) {
      expect((await h.http.delete(`/api/lms/admin/quiz-questions/${question.id}`).set(admin.headers)).status).to.equal(200);
    }
    const again = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    expect(again.body.data).to.deep.include({ resumed: true });
    expect(again.body.data.questions).to.have.length(4);
    const other = await enrolledStudent(h, admin, q);
    expect((await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(other.headers)).status).to.equal(400);
  });

  it("validates question types and reorders exactly the quiz's questions; duplicates after the original", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false });
    const post = (body: Record<string, unknown>) =>
      h.http.post(`/api/lms/admin/quizzes/${q.quizId}/questions`).set(admin.headers).send(body);
    const bad = [
      {
        question_type: 'multiple_choice',
        question_text: 'two right',
        options: [
          { option_text: 'a', is_correct: true },
          { option_text: 'b', is_correct: true },
        ],
      },
      {
        question_type: 'multiple_choice',
        question_text: 'none right',
        options: [
          { option_text: 'a', is_correct: false },
          { option_text: 'b', is_correct: false },
        ],
      },
      { question_type: 'multiple_answer', question_text: 'none right', options: [{ option_text: 'a' }, { option_text: 'b' }] },
      {
        question_type: 'true_false',
        question_text: 'three',
        options: [{ option_text: 'a', is_correct: true }, { option_text: 'b' }, { option_text: 'c' }],
      },
      { question_type: 'true_false', question_text: 'nothing given' },
      { question_type: 'short_answer', question_text: 'no answers', options: [] },
      { question_type: 'cloze', question_text: 'unknown type', options: [] },
      { question_type: 'multiple_choice', question_text: '', options: [{ option_text: 'a', is_correct: true }, { option_text: 'b' }] },
      {
        question_type: 'multiple_choice',
        question_text: 'zero points',
        points: 0,
        options: [{ option_text: 'a', is_correct: true }, { option_text: 'b' }],
      },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
    }
    const tf = await post({
      question_type: 'true_false',
      question_text: 'false one',
      options: [
        { option_text: 'Yes', is_correct: false },
        { option_text: 'No', is_correct: true },
      ],
    });
    expect(tf.status).to.equal(200);
    const sa = await post({ question_type: 'short_answer', question_text: 'strings', options: ['one', 'satu'] });
    expect(sa.body.data.options.map((o: { is_correct: boolean }) => o.is_correct)).to.deep.equal([true, true]);

    // Update: any subset, validated as a whole; kept option ids stay.
    const mc = q.questionIds[0]!;
    const [a, b] = q.optionIds[0]!;
    const upd = await h.http
      .put(`/api/lms/admin/quiz-questions/${mc}`)
      .set(admin.headers)
      .send({
        options: [
          { id: a, option_text: 'A', is_correct: false },
          { id: b, option_text: 'B', is_correct: true },
        ],
      });
    expect(upd.status).to.equal(200);
    expect(upd.body.data.options.map((o: { id: string }) => o.id)).to.deep.equal([a, b]);
    expect(
      (
        await h.http
          .put(`/api/lms/admin/quiz-questions/${mc}`)
          .set(admin.headers)
          .send({
            options: [
              { option_text: 'x', is_correct: true },
              { option_text: 'y', is_correct: true },
            ],
          })
      ).status,
    ).to.equal(400);
    expect((await h.http.put(`/api/lms/admin/quiz-questions/${mc}`).set(admin.headers).send({ points: 3 })).body.data.points).to.equal(3);

    const all = [...q.questionIds, tf.body.data.id as string, sa.body.data.id as string];
    const reorder = (ids: unknown[]) =>
      h.http.put(`/api/lms/admin/quizzes/${q.quizId}/questions/reorder`).set(admin.headers).send({ question_ids: ids });
    expect((await reorder(all.slice(1))).status).to.equal(400);
    expect((await reorder([...all, all[0]])).status).to.equal(400);
    const other = await seedQuiz(h, admin, { publish: false });
    expect((await reorder([...all.slice(1), other.questionIds[0]])).status).to.equal(400);
    const reversed = [...all].reverse();
    const ok = await reorder(reversed);
    expect(ok.status).to.equal(200);
    expect(ok.body.data.map((x: { id: string }) => x.id)).to.deep.equal(reversed);
    expect(ok.body.data.map((x: { order: number }) => x.order)).to.deep.equal([1, 2, 3, 4, 5, 6]);

    const dup = await h.http.post(`/api/lms/admin/quiz-questions/${reversed[1]}/duplicate`).set(admin.headers);
    expect(dup.status).to.equal(200);
    expect(dup.body.data.id).to.not.equal(reversed[1]);
    const detail = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
    const ids = detail.body.data.questions.map((x: { id: string }) => x.id);
    expect(ids).to.deep.equal([reversed[0], reversed[1], dup.body.data.id, ...reversed.slice(2)]);
    expect(detail.body.data.questions[2].question_text).to.equal(detail.body.data.questions[1].question_text);

    expect((await h.http.delete(`/api/lms/admin/quiz-questions/${dup.body.data.id}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.delete(`/api/lms/admin/quiz-questions/${dup.body.data.id}`).set(admin.headers)).status).to.equal(404);
    // Another tenant's question does not exist here.
    const foreignAdmin = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.put(`/api/lms/admin/quiz-questions/${mc}`).set(foreignAdmin.headers).send({ points: 2 })).status).to.equal(404);
    // Students may not author.
    const student = await enrolledStudent(h, admin, q);
    expect((await h.http.post(`/api/lms/admin/quizzes/${q.quizId}/questions`).set(student.headers).send(bad[0]!)).status).to.equal(403);
  });

  it('hides drafts from students, gates by enrolment (403) and refuses to publish an empty quiz', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false });
    const student = await enrolledStudent(h, admin, q);
    expect((await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(student.headers)).status).to.equal(404);
    expect((await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/quizzes?module_id=${q.course.moduleIds[0]}`).set(student.headers)).body.data.total).to.equal(0);
    expect((await h.http.get(`/api/lms/quizzes?module_id=${q.course.moduleIds[0]}`).set(admin.headers)).body.data.total).to.equal(1);

    const empty = await createQuiz(h, admin, q.course.moduleIds[0]!);
    const refused = await h.http.post(`/api/lms/admin/quizzes/${empty}/publish`).set(admin.headers);
    expect(refused.status).to.equal(400);
    expect((await h.http.get(`/api/lms/quizzes/${empty}`).set(admin.headers)).body.data.status).to.equal('draft');

    expect((await h.http.post(`/api/lms/admin/quizzes/${q.quizId}/publish`).set(admin.headers)).body.data).to.include({
      status: 'published',
      is_published: true,
    });
    const outsider = await h.user(t);
    const gated = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(outsider.headers);
    expect(gated.status).to.equal(403);
    expect(gated.body.message).to.equal('Not enrolled in this course');
    expect((await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(outsider.headers)).status).to.equal(403);
    expect((await h.http.get(`/api/lms/quizzes?module_id=${q.course.moduleIds[0]}`).set(outsider.headers)).status).to.equal(403);
    const stranger = await h.user(await h.tenant());
    expect((await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(stranger.headers)).status).to.equal(404);

    // Update any subset; unknown module 404; delete takes questions along.
    const upd = await h.http.put(`/api/lms/admin/quizzes/${q.quizId}`).set(admin.headers).send({ max_attempts: 3, duration_minutes: 15 });
    expect(upd.body.data).to.include({ max_attempts: 3, duration_minutes: 15, title: 'Quiz' });
    expect((await h.http.put(`/api/lms/admin/quizzes/${q.quizId}`).set(admin.headers).send({ passing_score: 101 })).status).to.equal(400);
    expect(
      (await h.http.post('/api/lms/admin/quizzes').set(admin.headers).send({ module_id: q.course.lessonIds[0], title: 'x' })).status,
    ).to.equal(404);
    expect((await h.http.delete(`/api/lms/admin/quizzes/${q.quizId}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers)).status).to.equal(404);
  });

  it('10 concurrent starts with max_attempts 1 create exactly one attempt; a further start is refused', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { max_attempts: 1 } });
    const student = await enrolledStudent(h, admin, q);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers)),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.data.attempt.id)).size).to.equal(1);
    const id = results[0]!.body.data.attempt.id as string;
    const attempts = await h.http.get(`/api/lms/quizzes/${q.quizId}/attempts`).set(admin.headers);
    expect(attempts.body.data.total).to.equal(1);
    await h.http.post(`/api/lms/quiz-attempts/${id}/submit`).set(student.headers).expect(200);
    const refused = await Promise.all(
      Array.from({ length: 3 }, () => h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers)),
    );
    for (const r of refused) {
      expect(r.status).to.equal(400);
      expect(r.body.message).to.equal('Maximum attempts reached');
    }
    expect((await h.http.get(`/api/lms/quizzes/${q.quizId}/attempts`).set(admin.headers)).body.data.total).to.equal(1);
  });

  it('concurrent starts with max_attempts 3 after two attempts make the third only', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { max_attempts: 3 } });
    const student = await enrolledStudent(h, admin, q);
    for (let i = 0; i < 2; i++) {
      const s = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      await h.http.post(`/api/lms/quiz-attempts/${s.body.data.attempt.id}/submit`).set(student.headers).expect(200);
    }
    const results = await Promise.all(
      Array.from({ length: 6 }, () => h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers)),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(6).fill(200));
    expect(new Set(results.map((r) => r.body.data.attempt.attempt_number))).to.deep.equal(new Set([3]));
    const list = await h.http.get(`/api/lms/quizzes/${q.quizId}/attempts`).set(student.headers);
    expect(list.body.data.items.map((a: { attempt_number: number }) => a.attempt_number)).to.deep.equal([3, 2, 1]);
  });

  it('refuses answers after the deadline (400) and ends the attempt expired, graded with what it had', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { duration_minutes: 10, max_attempts: 2 } });
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const attempt = start.body.data.attempt;
    expect(new Date(attempt.deadline_at).getTime() - new Date(attempt.started_at).getTime()).to.equal(10 * 60_000);
    expect(attempt.time_remaining_seconds).to.be.within(599, 600);
    const [first] = answersFor(q);
    await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/answers`).set(student.headers).send(first).expect(200);
    try {
      h.clock.advance(10 * 60_000 + 1000);
      student.headers = await freshHeaders(h, student);
      const late = await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/answers`).set(student.headers).send(answersFor(q)[1]);
      expect(late.status).to.equal(400);
      expect(late.body.message).to.equal('The time for this attempt is up');
      const detail = await h.http.get(`/api/lms/quiz-attempts/${attempt.id}`).set(student.headers);
      expect(detail.body.data.attempt).to.include({
        status: 'expired',
        score: 1,
        max_score: 5,
        percentage: 20,
        passed: false,
        submitted_at: attempt.deadline_at,
      });
      // The refused answer was not kept.
      expect(detail.body.data.questions.find((x: { id: string }) => x.id === q.questionIds[1]).answer).to.equal(null);
      // Submitting an expired attempt answers it unchanged; a new start is attempt 2.
      const submit = await h.http.post(`/api/lms/quiz-attempts/${attempt.id}/submit`).set(student.headers);
      expect(submit.body.data.attempt).to.include({ status: 'expired', score: 1 });
      const next = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      expect(next.body.data.attempt).to.include({ attempt_number: 2, status: 'in_progress' });
    } finally {
      h.clock.reset();
    }
  });

  it('grades overdue attempts nobody touches through the periodic sweep (idempotent), and on start', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { duration_minutes: 5 } });
    const a = await enrolledStudent(h, admin, q);
    const b = await enrolledStudent(h, admin, q);
    const startA = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(a.headers);
    await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(b.headers);
    for (const ans of answersFor(q))
      await h.http.post(`/api/lms/quiz-attempts/${startA.body.data.attempt.id}/answers`).set(a.headers).send(ans).expect(200);
    const sweep = h.resolve<(n?: number) => Promise<number>>('expireOverdueAttempts');
    try {
      h.clock.advance(5 * 60_000);
      admin.headers = await freshHeaders(h, admin);
      a.headers = await freshHeaders(h, a);
      const graded = await Promise.all([sweep(), sweep()]);
      expect(graded[0]! + graded[1]!).to.be.at.least(2);
      expect(await sweep()).to.equal(0);
      const list = await h.http.get(`/api/lms/quizzes/${q.quizId}/attempts`).set(admin.headers);
      const byUser = new Map(list.body.data.items.map((x: { user_id: string }) => [x.user_id, x]));
      expect(byUser.get(a.id)).to.include({
        status: 'expired',
        score: 5,
        passed: true,
        submitted_at: startA.body.data.attempt.deadline_at,
      });
      expect(byUser.get(b.id)).to.include({ status: 'expired', score: 0, passed: false });
      // Passing by expiry still counts for the course (certificate once lessons are done).
      expect((await complete(h, a, q.course.lessonIds[0]!)).status).to.equal(200);
      const cert = await h.http.get(`/api/lms/courses/${q.course.id}/certificate`).set(a.headers);
      expect(cert.status).to.equal(200);
    } finally {
      h.clock.reset();
    }
  });

  it("answers only the owner (another user's attempt is 404) and only questions of that quiz", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin);
    const owner = await enrolledStudent(h, admin, q);
    const other = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(owner.headers);
    const id = start.body.data.attempt.id as string;
    const [first] = answersFor(q);
    for (const user of [other, admin]) {
      expect((await h.http.post(`/api/lms/quiz-attempts/${id}/answers`).set(user.headers).send(first)).status).to.equal(404);
      expect((await h.http.post(`/api/lms/quiz-attempts/${id}/submit`).set(user.headers)).status).to.equal(404);
    }
    expect((await h.http.get(`/api/lms/quiz-attempts/${id}`).set(other.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/quiz-attempts/${id}`).set(admin.headers)).status).to.equal(200);
    const foreign = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.get(`/api/lms/quiz-attempts/${id}`).set(foreign.headers)).status).to.equal(404);

    const elsewhere = await seedQuiz(h, admin);
    const wrongQuestion = await h.http
      .post(`/api/lms/quiz-attempts/${id}/answers`)
      .set(owner.headers)
      .send({ question_id: elsewhere.questionIds[0], answer: [elsewhere.optionIds[0]![0]] });
    expect(wrongQuestion.status).to.equal(400);
    const wrongOption = await h.http
      .post(`/api/lms/quiz-attempts/${id}/answers`)
      .set(owner.headers)
      .send({ question_id: q.questionIds[0], answer: [q.optionIds[1]![0]] });
    expect(wrongOption.status).to.equal(400);
    const twoForOne = await h.http
      .post(`/api/lms/quiz-attempts/${id}/answers`)
      .set(owner.headers)
      .send({ question_id: q.questionIds[0], answer: q.optionIds[0]!.slice(0, 2) });
    expect(twoForOne.status).to.equal(400);
    expect(
      (await h.http.post(`/api/lms/quiz-attempts/${id}/answers`).set(owner.headers).send({ question_id: 'nope', answer: [] })).status,
    ).to.equal(400);
    // Nothing was saved by the refused calls.
    const detail = await h.http.get(`/api/lms/quiz-attempts/${id}`).set(owner.headers);
    expect(detail.body.data.questions.every((x: { answer: unknown }) => x.answer === null)).to.equal(true);
  });

  it('saves an answer in two statements (the attempt with its question and the login; the conditional upsert), refuses a foreign one in one', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin);
    const owner = await enrolledStudent(h, admin, q);
    const other = await enrolledStudent(h, admin, q);
    const id = (await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(owner.headers).expect(200)).body.data.attempt.id as string;
    const save = (user: typeof owner, body: object) => (http: Parameters<Parameters<typeof statementsOf>[1]>[0]) =>
      http.post(`/api/lms/quiz-attempts/${id}/answers`).set(user.headers).send(body);
    const [first, second] = answersFor(q) as [object, { answer: string[] }];
    const counted = [];
    for (const [user, body, status] of [
      [owner, first, 200], // a new answer
      [owner, { ...first, answer: [q.optionIds[0]![1]] }, 200], // replaced
      [owner, second, 200], // a multiple answer
      [other, first, 404], // not theirs: nothing written
      [owner, { question_id: q.questionIds[0], answer: [q.optionIds[1]![0]] }, 400], // an option of another question
    ] as const) {
      const { statements, result } = await statementsOf(h, save(user, body));
      expect(result.status, JSON.stringify(result.body)).to.equal(status);
      counted.push(statements);
    }
    expect(counted).to.deep.equal([2, 2, 2, 1, 1]);
    // An attempt started before snapshots were kept answers on the quiz's current questions: one read more.
    await h.app.db.knex('quiz_attempts').where({ tenantId: t.id, id }).update({ questions: null });
    const legacy = await statementsOf(h, save(owner, { question_id: q.questionIds[2], answer: [q.optionIds[2]![1]] }));
    expect([legacy.result.status, legacy.statements]).to.deep.equal([200, 3]);
    const refused = await statementsOf(h, save(owner, { question_id: q.questionIds[2], answer: [q.optionIds[0]![0]] }));
    expect(refused.result.status).to.equal(400);
    const detail = await h.http.get(`/api/lms/quiz-attempts/${id}`).set(owner.headers).expect(200);
    expect(detail.body.data.questions.map((x: { answer: unknown }) => x.answer)).to.deep.equal([
      [q.optionIds[0]![1]],
      second.answer,
      [q.optionIds[2]![1]],
      null,
    ]);
  });

  it("reads the caller's login with the attempt, and refuses as every route does: logged out, deactivated, another tenant's, forged", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin);
    const owner = await enrolledStudent(h, admin, q);
    const id = (await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(owner.headers).expect(200)).body.data.attempt.id as string;
    const [first] = answersFor(q) as [object];
    const save = (headers: Record<string, string>, body: object = first) =>
      h.http.post(`/api/lms/quiz-attempts/${id}/answers`).set(headers).send(body);
    const saved = async () => (await h.app.db.knex('quiz_answers').where({ tenantId: t.id, attemptId: id }).count({ n: '*' }))[0]!.n;
    const refusal = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

    // A session cookie is claimed by its login too; a cookie write needs proof it comes from our pages (CSRF).
    const loggedIn = await h.http.post('/api/auth/login').set(t.headers).send({ email: owner.email, password: owner.password }).expect(200);
    const cookie = { ...t.headers, Cookie: String(loggedIn.headers['set-cookie']).split(';')[0]! };
    expect(refusal(await save(cookie))).to.deep.equal([403, 'CROSS_SITE_REFUSED']);
    expect((await save({ ...cookie, 'X-Requested-With': 'XMLHttpRequest' })).status).to.equal(200);
    expect(Number(await saved())).to.equal(1);

    // Another tenant's user with a good token of their own: 403, as the chain answers elsewhere.
    const elsewhere = await h.user(await h.tenant(), Role.Student);
    expect(refusal(await save({ ...t.headers, Authorization: elsewhere.headers.Authorization! }))).to.deep.equal([403, 'TENANT_MISMATCH']);
    // A forged token and no token at all.
    expect(refusal(await save({ ...t.headers, Authorization: `${owner.headers.Authorization!}x` }))).to.deep.equal([401, 'INVALID_TOKEN']);
    expect(refusal(await save(t.headers))).to.deep.equal([401, 'UNAUTHORIZED']);

    // Logged out: the token still verifies, its login does not; an invalid body answers 401 first, as before.
    const other = await enrolledStudent(h, admin, q);
    await h.http.post('/api/auth/logout').set(owner.headers).expect(200);
    expect(refusal(await save(owner.headers))).to.deep.equal([401, 'INVALID_TOKEN']);
    expect(refusal(await save(owner.headers, { question_id: 'nope' }))).to.deep.equal([401, 'INVALID_TOKEN']);
    expect(refusal(await save(owner.headers, { nope: true }))).to.deep.equal([401, 'INVALID_TOKEN']);
    // A deactivated user: the same.
    await h.app.db.knex('users').where({ id: other.id }).update({ status: UserStatus.Deactivated });
    expect(refusal(await save(other.headers))).to.deep.equal([401, 'INVALID_TOKEN']);
    expect(Number(await saved())).to.equal(1);
  });

  it('fixes a shuffled order per attempt (same on every read, from its seed)', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const questions = Array.from({ length: 12 }, (_, i) => ({
      question_type: 'true_false',
      question_text: `Q${i + 1}`,
      correct_answer: i % 2 === 0,
    }));
    const q = await seedQuiz(h, admin, { quiz: { shuffle_questions: true }, questions });
    const orders: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const student = await enrolledStudent(h, admin, q);
      const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      const order = start.body.data.questions.map((x: { id: string }) => x.id) as string[];
      expect([...order].sort()).to.deep.equal([...q.questionIds].sort());
      const resumed = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      expect(resumed.body.data.questions.map((x: { id: string }) => x.id)).to.deep.equal(order);
      const detail = await h.http.get(`/api/lms/quiz-attempts/${start.body.data.attempt.id}`).set(student.headers);
      expect(detail.body.data.questions.map((x: { id: string }) => x.id)).to.deep.equal(order);
      orders.push(order);
    }
    // Three attempts of 12 questions in the authoring order by chance: 1 in 479,001,600³.
    expect(orders.some((o) => o.join() !== q.questionIds.join())).to.equal(true);
  });

  it('passing the quiz completes the course and issues the certificate', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { lessons: 2, quiz: { passing_score: 80 } });
    const student = await enrolledStudent(h, admin, q);
    for (const lesson of q.course.lessonIds) expect((await complete(h, student, lesson)).status).to.equal(200);
    const before = await h.http.get('/api/lms/my-courses').set(student.headers);
    expect(before.body.data.items[0]).to.include({ completed: false });
    expect((await h.http.get(`/api/lms/courses/${q.course.id}/certificate`).set(student.headers)).status).to.equal(404);

    // A failed attempt changes nothing.
    const s1 = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const failed = await h.http
      .post(`/api/lms/quiz-attempts/${s1.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q, 'half') });
    expect(failed.body.data).to.include({ certificate_issued: false, course_completed: false });
    const s2 = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const passed = await h.http
      .post(`/api/lms/quiz-attempts/${s2.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q) });
    expect(passed.body.data.attempt.passed).to.equal(true);
    expect(passed.body.data).to.include({ certificate_issued: true, course_completed: true });
    const cert = await h.http.get(`/api/lms/courses/${q.course.id}/certificate`).set(student.headers);
    expect(cert.status).to.equal(200);
    expect(cert.body.data).to.include({ course_id: q.course.id, user_id: student.id });
    const after = await h.http.get('/api/lms/my-courses').set(student.headers);
    expect(after.body.data.items[0]).to.include({ completed: true, progress: 100 });

    // A second published quiz in the course makes the next student need both.
    const other = await enrolledStudent(h, admin, q);
    const quiz2 = await createQuiz(h, admin, q.course.moduleIds[0]!);
    await addQuestion(h, admin, quiz2, { question_type: 'true_false', question_text: 'ok?', correct_answer: true });
    await h.http.post(`/api/lms/admin/quizzes/${quiz2}/publish`).set(admin.headers).expect(200);
    await enrol(h, admin, other.id, q.course.id);
    for (const lesson of q.course.lessonIds) expect((await complete(h, other, lesson)).status).to.equal(200);
    const o1 = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(other.headers);
    const one = await h.http
      .post(`/api/lms/quiz-attempts/${o1.body.data.attempt.id}/submit`)
      .set(other.headers)
      .send({ answers: answersFor(q) });
    expect(one.body.data.certificate_issued).to.equal(false);
    const progress = await h.http.get('/api/lms/my-courses').set(other.headers);
    expect(progress.body.data.items[0].progress).to.be.below(100);
  });
});
