import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { answersFor, enrolledStudent, seedQuiz } from './assessment-fixtures.js';

describe('HTTP assessment: conventions', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('documents every assessment route in the OpenAPI document', async () => {
    const res = await h.http.get('/api/openapi.json');
    for (const path of [
      '/api/lms/quizzes',
      '/api/lms/quizzes/{id}',
      '/api/lms/quizzes/{id}/start',
      '/api/lms/quizzes/{id}/attempts',
      '/api/lms/quiz-attempts/{id}/answers',
      '/api/lms/quiz-attempts/{id}/submit',
      '/api/lms/quiz-attempts/{id}',
      '/api/lms/admin/quizzes',
      '/api/lms/admin/quizzes/{id}',
      '/api/lms/admin/quizzes/{id}/publish',
      '/api/lms/admin/quizzes/{id}/questions',
      '/api/lms/admin/quiz-questions/{id}',
      '/api/lms/admin/quizzes/{id}/questions/reorder',
      '/api/lms/admin/quiz-questions/{id}/duplicate',
      '/api/lms/admin/quizzes/{id}/import-csv',
      '/api/lms/admin/quizzes/{id}/export-results',
      '/api/lms/admin/quizzes/{id}/analytics',
      '/api/lms/lessons/{id}/assignments',
      '/api/lms/lessons/{id}/my-assignment',
      '/api/lms/assignments/{id}/grade',
      '/api/lms/courses/{id}/assignment-summary',
      '/api/lms/mentor/assignments',
    ])
      expect(res.body.paths, path).to.have.property(path);
    expect(res.body.paths['/api/lms/admin/quizzes/{id}/import-csv'].post.requestBody.content).to.have.property('multipart/form-data');
    expect(
      res.body.paths['/api/lms/admin/quizzes/{id}/questions'].post.requestBody.content['application/json'].schema.properties,
    ).to.include.keys('question_type', 'question_text', 'points', 'options');
  });

  it('ignores fields a client may not set and validates ids', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin);
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers).send({ status: 'submitted', score: 99 });
    expect(start.body.data.attempt).to.include({ status: 'in_progress', score: null });
    const sub = await h.http
      .post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q), score: 1000, passed: true });
    expect(sub.body.data.attempt).to.include({ score: 5 });
    expect((await h.http.get('/api/lms/quizzes/not-a-uuid').set(student.headers)).status).to.equal(400);
    expect((await h.http.get('/api/lms/quizzes').set(student.headers)).status).to.equal(400);
    expect((await h.http.get('/api/lms/quizzes').set(admin.headers)).body.data.total).to.be.at.least(1);
    const created = await h.http
      .post('/api/lms/admin/quizzes')
      .set(admin.headers)
      .send({ module_id: q.course.moduleIds[0], title: 'X', status: 'published', tenant_id: 'x' });
    expect(created.body.data).to.include({
      status: 'draft',
      passing_score: 60,
      max_attempts: 0,
      duration_minutes: 0,
      show_correct_answers: false,
      shuffle_questions: false,
    });
    expect((await h.http.post(`/api/lms/quizzes/${q.quizId}/start`)).status).to.equal(401);
  });

  it('a tenant deletion takes its quizzes, attempts and submissions along', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin);
    const student = await enrolledStudent(h, admin, q);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    await h.http
      .post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`)
      .set(student.headers)
      .send({ answers: answersFor(q) })
      .expect(200);
    await h.http
      .post(`/api/lms/lessons/${q.course.lessonIds[0]}/assignments`)
      .set(student.headers)
      .send({ file_url: 'https://x.test/a.pdf' })
      .expect(200);
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const res = await h.http.delete(`/api/tenants/${t.id}`).set(root.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await h.jobsIdle();
    for (const table of ['quizzes', 'quiz_questions', 'quiz_attempts', 'quiz_answers', 'assignment_submissions']) {
      expect((await h.app.db.knex(table).where({ tenant_id: t.id }).count({ n: '*' }).first())?.n, table).to.equal(0);
    }
  });
});
