import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { complete, createLesson, createModule, seedCourse } from '../learning/learning-fixtures.js';
import { answersFor, createQuiz, enrolledStudent, seedQuiz } from './assessment-fixtures.js';

/** Graded work is not deleted by a content edit: learners' results hold their quiz, lesson and module. */
describe('HTTP assessment: deleting content that holds graded work', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('a quiz with an attempt is refused (400, attempts counted), stays, keeps its results and can be unpublished; one without attempts deletes', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin);
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    const attemptId = start.body.data.attempt.id as string;
    const submitted = await h.http
      .post(`/api/lms/quiz-attempts/${attemptId}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q, 'all') });
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(200);

    const refused = await h.http.delete(`/api/lms/admin/quizzes/${q.quizId}`).set(admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal({
      success: false,
      message: 'The quiz has attempts: unpublish it instead',
      code: 'QUIZ_IN_USE',
      error: '1 quiz attempt(s)',
    });
    expect((await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers)).status).to.equal(200);

    const unpublished = await h.http.put(`/api/lms/admin/quizzes/${q.quizId}`).set(admin.headers).send({ status: 'draft' });
    expect(unpublished.status).to.equal(200);
    expect(unpublished.body.data).to.include({ status: 'draft', is_published: false });
    const result = await h.http.get(`/api/lms/quiz-attempts/${attemptId}`).set(student.headers);
    expect(result.status).to.equal(200);
    expect(result.body.data.attempt).to.include({ id: attemptId, status: 'submitted', score: 5, passed: true });

    const moduleRefused = await h.http.delete(`/api/lms/admin/modules/${q.course.moduleIds[0]}`).set(admin.headers);
    expect(moduleRefused.status).to.equal(400);
    expect(moduleRefused.body.error).to.equal('1 quiz attempt(s)');
    expect((await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers)).status).to.equal(200);

    const fresh = await createQuiz(h, admin, q.course.moduleIds[0]!);
    expect((await h.http.delete(`/api/lms/admin/quizzes/${fresh}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/quizzes/${fresh}`).set(admin.headers)).status).to.equal(404);
    expect((await h.http.delete(`/api/lms/admin/quizzes/${fresh}`).set(admin.headers)).status).to.equal(404);
  });

  it('a lesson with progress or a submission is refused, and so is its module; empty ones delete', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 2, lessons: 2 });
    const [withProgress, withSubmission, otherModuleLesson] = course.lessonIds as [string, string, string];
    const student = await enrolledStudent(h, admin, { course, quizId: '', questionIds: [], optionIds: [] });
    expect((await complete(h, student, withProgress)).status).to.equal(200);
    const submission = await h.http
      .post(`/api/lms/lessons/${withSubmission}/assignments`)
      .set(student.headers)
      .send({ file_url: 'https://files.test/essay.pdf' });
    expect(submission.status, JSON.stringify(submission.body)).to.equal(200);

    const byProgress = await h.http.delete(`/api/lms/admin/lessons/${withProgress}`).set(admin.headers);
    expect(byProgress.body).to.deep.equal({
      success: false,
      message: "The lesson has learners' progress or submissions: it cannot be deleted",
      code: 'LESSON_IN_USE',
      error: '1 progress record(s)',
    });
    expect(byProgress.status).to.equal(400);
    const bySubmission = await h.http.delete(`/api/lms/admin/lessons/${withSubmission}`).set(admin.headers);
    expect(bySubmission.status).to.equal(400);
    expect(bySubmission.body.error).to.equal('1 assignment submission(s)');
    const byModule = await h.http.delete(`/api/lms/admin/modules/${course.moduleIds[0]}`).set(admin.headers);
    expect(byModule.status).to.equal(400);
    expect(byModule.body).to.include({
      message: "The module holds learners' progress, submissions or quiz attempts: it cannot be deleted",
      code: 'MODULE_IN_USE',
      error: '1 progress record(s), 1 assignment submission(s)',
    });

    // Everything is still there, and the student keeps what they did.
    expect((await h.http.get(`/api/lms/lessons/${withProgress}`).set(admin.headers)).status).to.equal(200);
    const mine = await h.http.get(`/api/lms/lessons/${withSubmission}/my-assignment`).set(student.headers);
    expect(mine.status).to.equal(200);
    expect(mine.body.data).to.include({ lesson_id: withSubmission, status: 'submitted' });

    // The second module's lessons have nothing: lesson and module delete.
    expect((await h.http.delete(`/api/lms/admin/lessons/${otherModuleLesson}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.delete(`/api/lms/admin/modules/${course.moduleIds[1]}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/lessons/${course.lessonIds[3]}`).set(admin.headers)).status).to.equal(404);
    const spare = await createLesson(h, admin, await createModule(h, admin, course.id));
    expect((await h.http.delete(`/api/lms/admin/lessons/${spare}`).set(admin.headers)).status).to.equal(200);
  });
  it('a delete racing attempt starts, progress and submissions either refuses or deletes with nothing left behind; never a 500', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    for (let round = 0; round < 4; round++) {
      const q = await seedQuiz(h, admin, { lessons: 1 });
      const student = await enrolledStudent(h, admin, q);
      const lessonId = q.course.lessonIds[0]!;
      const [start, progress, submission, delQuiz, delModule] = await Promise.all([
        h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers),
        complete(h, student, lessonId),
        h.http.post(`/api/lms/lessons/${lessonId}/assignments`).set(student.headers).send({ file_url: 'https://files.test/r.pdf' }),
        h.http.delete(`/api/lms/admin/quizzes/${q.quizId}`).set(admin.headers),
        h.http.delete(`/api/lms/admin/modules/${q.course.moduleIds[0]}`).set(admin.headers),
      ]);
      // A start that read the quiz just before its delete finds its questions gone: 400, nothing written.
      expect(start.status, JSON.stringify(start.body)).to.be.oneOf([200, 400, 404]);
      for (const res of [progress, submission]) expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 404]);
      for (const res of [delQuiz, delModule]) expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 400, 404]);
      // Whatever a student managed to write is still readable; what a delete removed held nothing.
      const quiz = await h.http.get(`/api/lms/quizzes/${q.quizId}`).set(admin.headers);
      if (start.status === 200) {
        expect(quiz.status).to.equal(200);
        expect((await h.http.get(`/api/lms/quiz-attempts/${start.body.data.attempt.id}`).set(student.headers)).status).to.equal(200);
      }
      const lesson = await h.http.get(`/api/lms/lessons/${lessonId}`).set(admin.headers);
      if (progress.status === 200 || submission.status === 200) expect(lesson.status).to.equal(200);
      if (delModule.status === 200) expect([start.status === 200, progress.status, submission.status]).to.deep.equal([false, 404, 404]);
    }
  });
});
