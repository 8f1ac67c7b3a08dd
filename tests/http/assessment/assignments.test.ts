import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { enrol, seedCourse } from '../learning/learning-fixtures.js';
import { enrolledStudent, seedQuiz } from './assessment-fixtures.js';

describe('HTTP assessment: assignments', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const submit = (headers: Record<string, string>, lessonId: string, body: Record<string, unknown>) =>
    h.http.post(`/api/lms/lessons/${lessonId}/assignments`).set(headers).send(body);

  it('submits and resubmits until graded (then 400); my-assignment answers the latest or 404', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 2 });
    const student = await h.user(t);
    await enrol(h, admin, student.id, course.id);
    const lesson = course.lessonIds[0]!;

    const none = await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(student.headers);
    expect(none.status).to.equal(404);

    const first = await submit(student.headers, lesson, { file_url: 'https://files.example.test/essay-v1.pdf', notes: 'First draft' });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.message).to.equal('Assignment submitted');
    expect(first.body.data).to.include({
      lesson_id: lesson,
      user_id: student.id,
      status: 'submitted',
      revision: 1,
      score: null,
      feedback: null,
      graded_at: null,
    });
    const second = await submit(student.headers, lesson, { file_url: 'https://files.example.test/essay-v2.pdf' });
    expect(second.body.message).to.equal('Assignment resubmitted');
    expect(second.body.data).to.include({
      id: first.body.data.id,
      revision: 2,
      file_url: 'https://files.example.test/essay-v2.pdf',
      notes: null,
    });
    const mine = await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(student.headers);
    expect(mine.body.data).to.include({ id: first.body.data.id, file_url: 'https://files.example.test/essay-v2.pdf', status: 'submitted' });
    expect(Object.keys(mine.body.data)).to.include.members([
      'id',
      'lesson_id',
      'file_url',
      'notes',
      'status',
      'score',
      'feedback',
      'submitted_at',
      'graded_at',
    ]);

    const mentor = await h.user(t, Role.Mentor);
    const graded = await h.http
      .post(`/api/lms/assignments/${first.body.data.id}/grade`)
      .set(mentor.headers)
      .send({ score: 87.5, feedback: 'Well argued.' });
    expect(graded.status).to.equal(200);
    expect(graded.body.data).to.include({ status: 'graded', score: 87.5, feedback: 'Well argued.', graded_by: mentor.id });
    const refused = await submit(student.headers, lesson, { file_url: 'https://files.example.test/essay-v3.pdf' });
    expect(refused.status).to.equal(400);
    expect((await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(student.headers)).body.data).to.include({
      file_url: 'https://files.example.test/essay-v2.pdf',
      status: 'graded',
      score: 87.5,
    });

    // Shape checks and gating.
    expect((await submit(student.headers, lesson, { notes: 'no file' })).status).to.equal(400);
    expect((await submit(student.headers, lesson, { file_url: 'ftp://x.test/a' })).status).to.equal(400);
    const outsider = await h.user(t);
    const gated = await submit(outsider.headers, course.lessonIds[1]!, { file_url: 'https://x.test/a.pdf' });
    expect(gated.status).to.equal(403);
    expect(gated.body.message).to.equal('Not enrolled in this course');
    expect((await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(outsider.headers)).status).to.equal(403);
    const stranger = await h.user(await h.tenant());
    expect((await submit(stranger.headers, lesson, { file_url: 'https://x.test/a.pdf' })).status).to.equal(404);
  });

  it('grades (Mentor and above, 0–100), mails the student; a student grading is 403 and changes nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const student = await h.user(t);
    await enrol(h, admin, student.id, course.id);
    const lesson = course.lessonIds[0]!;
    const sub = (await submit(student.headers, lesson, { file_url: 'https://files.example.test/a.pdf', notes: 'n' })).body.data;

    const asStudent = await h.http.post(`/api/lms/assignments/${sub.id}/grade`).set(student.headers).send({ score: 100 });
    expect(asStudent.status).to.equal(403);
    const parent = await h.user(t, Role.Parent);
    expect((await h.http.post(`/api/lms/assignments/${sub.id}/grade`).set(parent.headers).send({ score: 100 })).status).to.equal(403);
    const mentor = await h.user(t, Role.Mentor);
    for (const score of [-1, 100.5, 'A'])
      expect((await h.http.post(`/api/lms/assignments/${sub.id}/grade`).set(mentor.headers).send({ score })).status).to.equal(400);
    expect((await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(student.headers)).body.data).to.include({
      status: 'submitted',
      score: null,
    });
    expect(await h.mailsTo(t, student.email)).to.have.length(0);
    expect((await h.http.post(`/api/lms/assignments/${lesson}/grade`).set(mentor.headers).send({ score: 50 })).status).to.equal(404);
    const foreignMentor = await h.user(await h.tenant(), Role.Mentor);
    expect((await h.http.post(`/api/lms/assignments/${sub.id}/grade`).set(foreignMentor.headers).send({ score: 50 })).status).to.equal(404);

    const ok = await h.http.post(`/api/lms/assignments/${sub.id}/grade`).set(mentor.headers).send({ score: 0, feedback: 'Missing pages' });
    expect(ok.status).to.equal(200);
    expect(ok.body.data).to.include({ score: 0, status: 'graded' });
    await h.jobsIdle();
    const mails = await h.mailsTo(t, student.email);
    expect(mails).to.have.length(1);
    expect(mails[0]!.subject).to.match(/Assignment graded: Lesson 1\.1 \(0\/100\)/);
    expect(mails[0]!.text).to.include('Missing pages');
    expect(mails[0]!.template).to.equal('assessment_assignment_graded');
    // A mentor may correct a grade; the student is told again.
    const regrade = await h.http.post(`/api/lms/assignments/${sub.id}/grade`).set(admin.headers).send({ score: 65 });
    expect(regrade.body.data).to.include({ score: 65, feedback: null, graded_by: admin.id });
    expect(await h.mailsTo(t, student.email)).to.have.length(2);
  });

  it("lists a lesson's submissions (Mentors all, students their own), the grading queue and the course summary", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 2 });
    const [l1, l2] = course.lessonIds as [string, string];
    const students = [await h.user(t), await h.user(t), await h.user(t)];
    for (const s of students) await enrol(h, admin, s.id, course.id);
    const ids: string[] = [];
    for (const s of students) ids.push((await submit(s.headers, l1, { file_url: 'https://files.example.test/a.pdf' })).body.data.id);
    await submit(students[0]!.headers, l2, { file_url: 'https://files.example.test/b.pdf' });
    const mentor = await h.user(t, Role.Mentor);
    await h.http.post(`/api/lms/assignments/${ids[0]}/grade`).set(mentor.headers).send({ score: 80 }).expect(200);
    await h.http.post(`/api/lms/assignments/${ids[1]}/grade`).set(mentor.headers).send({ score: 90 }).expect(200);

    const all = await h.http.get(`/api/lms/lessons/${l1}/assignments`).set(mentor.headers);
    expect(all.body.data.total).to.equal(3);
    expect(all.body.data.items[0].student).to.include({ id: students[2]!.id, email: students[2]!.email });
    expect(all.body.data.items[0]).to.include({ lesson_title: 'Lesson 1.1', course_title: 'Algebra I' });
    const own = await h.http.get(`/api/lms/lessons/${l1}/assignments`).set(students[1]!.headers);
    expect(own.body.data.total).to.equal(1);
    expect(own.body.data.items[0]).to.include({ id: ids[1], user_id: students[1]!.id });
    expect((await h.http.get(`/api/lms/lessons/${l1}/assignments?status=pending`).set(mentor.headers)).body.data.total).to.equal(1);

    const queue = await h.http.get('/api/lms/mentor/assignments?status=pending').set(mentor.headers);
    expect(queue.status).to.equal(200);
    expect(queue.body.data.total).to.equal(2);
    // A queue: the oldest submission first.
    expect(queue.body.data.items.map((x: { lesson_id: string }) => x.lesson_id)).to.deep.equal([l1, l2]);
    expect((await h.http.get('/api/lms/mentor/assignments').set(mentor.headers)).body.data.total).to.equal(2);
    expect((await h.http.get('/api/lms/mentor/assignments?status=graded&page_size=1').set(mentor.headers)).body.data).to.include({
      total: 2,
      page_size: 1,
    });
    expect((await h.http.get(`/api/lms/mentor/assignments?status=all&lesson_id=${l2}`).set(mentor.headers)).body.data.total).to.equal(1);
    expect((await h.http.get('/api/lms/mentor/assignments').set(students[0]!.headers)).status).to.equal(403);
    const otherTenantMentor = await h.user(await h.tenant(), Role.Mentor);
    expect((await h.http.get('/api/lms/mentor/assignments').set(otherTenantMentor.headers)).body.data.total).to.equal(0);

    const summary = await h.http.get(`/api/lms/courses/${course.id}/assignment-summary`).set(mentor.headers);
    expect(summary.status).to.equal(200);
    expect(summary.body.data).to.include({ course_id: course.id, scope: 'all', total: 4, pending: 2, graded: 2, average_score: 85 });
    expect(summary.body.data.lessons).to.deep.equal([
      { lesson_id: l1, lesson_title: 'Lesson 1.1', total: 3, pending: 1, graded: 2, average_score: 85 },
      { lesson_id: l2, lesson_title: 'Lesson 1.2', total: 1, pending: 1, graded: 0, average_score: null },
    ]);
    const mineSummary = await h.http.get(`/api/lms/courses/${course.id}/assignment-summary`).set(students[0]!.headers);
    expect(mineSummary.body.data).to.include({ scope: 'mine', total: 2, pending: 1, graded: 1, average_score: 80 });
    const outsider = await h.user(t);
    expect((await h.http.get(`/api/lms/courses/${course.id}/assignment-summary`).set(outsider.headers)).status).to.equal(403);
  });

  it('resubmits and grades concurrently without losing either: the grade wins or covers the newest revision', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const student = await h.user(t);
    await enrol(h, admin, student.id, course.id);
    const lesson = course.lessonIds[0]!;
    const id = (await submit(student.headers, lesson, { file_url: 'https://files.example.test/1.pdf' })).body.data.id;
    const mentor = await h.user(t, Role.Mentor);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => submit(student.headers, lesson, { file_url: `https://files.example.test/r${i}.pdf` })),
      h.http.post(`/api/lms/assignments/${id}/grade`).set(mentor.headers).send({ score: 70 }),
    ]);
    const resubmits = results.slice(0, 4);
    expect(results[4]!.status).to.equal(200);
    const final = (await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(student.headers)).body.data;
    expect(final).to.include({ status: 'graded', score: 70 });
    const accepted = resubmits.filter((r) => r.status === 200).length;
    expect(accepted + resubmits.filter((r) => r.status === 400).length).to.equal(4);
    expect(final.revision).to.equal(1 + accepted);
  });

  it('feeds the parent views and the dashboard', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { quiz: { duration_minutes: 30 } });
    const student = await enrolledStudent(h, admin, q);
    const lesson = q.course.lessonIds[0]!;
    await submit(student.headers, lesson, { file_url: 'https://files.example.test/a.pdf' });
    await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers).expect(200);

    const code = (await h.http.get('/api/lms/student/linking-code').set(student.headers)).body.data.linking_code;
    const parent = await h.user(t, Role.Parent);
    await h.http.post('/api/lms/parent/link-student').set(parent.headers).send({ linking_code: code }).expect(200);
    const viaParent = await h.http.get(`/api/lms/parent/students/${student.id}/assignments`).set(parent.headers);
    expect(viaParent.status).to.equal(200);
    expect(viaParent.body.data.total).to.equal(1);
    expect(viaParent.body.data.items[0]).to.include({ lesson_id: lesson, status: 'submitted' });

    const mine = await h.http.get('/api/dashboard/overview').set(student.headers);
    expect(mine.body.data.assessment).to.deep.equal({ quizzes_in_progress: 1, assignments_pending_grade: 1, assignments_graded: 0 });
    const mentor = await h.user(t, Role.Mentor);
    expect((await h.http.get('/api/dashboard/overview').set(mentor.headers)).body.data.assessment).to.deep.equal({ grading_queue: 1 });
    const adminView = (await h.http.get('/api/dashboard/overview').set(admin.headers)).body.data.assessment;
    expect(adminView).to.include({ grading_queue: 1, attempts_today: 1, quizzes_published: 1 });
    expect((await h.http.get('/api/dashboard/overview').set(parent.headers)).body.data).to.not.have.property('assessment');
  });

  it('nobody grades their own work: the author grading is 403 Insufficient permission; graders grade and see only lower roles', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const lesson = course.lessonIds[0]!;
    const [student, mentor, peer] = [await h.user(t), await h.user(t, Role.Mentor), await h.user(t, Role.Mentor)];
    const subs: Record<string, string> = {};
    for (const [name, u] of [
      ['student', student],
      ['mentor', mentor],
      ['admin', admin],
    ] as const) {
      if (u.role < Role.Mentor) await enrol(h, admin, u.id, course.id);
      const res = await submit(u.headers, lesson, { file_url: `https://files.example.test/${name}.pdf` });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      subs[name] = res.body.data.id;
    }
    for (const [grader, id] of [
      [mentor, subs.mentor],
      [peer, subs.mentor],
      [mentor, subs.admin],
      [admin, subs.admin],
    ] as const) {
      const refused = await h.http.post(`/api/lms/assignments/${id}/grade`).set(grader.headers).send({ score: 100, feedback: 'Perfect' });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.include({ success: false, message: 'Insufficient permission' });
    }
    expect((await h.http.get(`/api/lms/lessons/${lesson}/my-assignment`).set(mentor.headers)).body.data).to.include({
      status: 'submitted',
      score: null,
    });
    const queue = async (u: typeof mentor) =>
      (await h.http.get('/api/lms/mentor/assignments?status=pending').set(u.headers)).body.data.items
        .map((x: { user_id: string }) => x.user_id)
        .sort();
    expect(await queue(mentor)).to.deep.equal([student.id]);
    expect(await queue(admin)).to.deep.equal([student.id, mentor.id].sort());
    expect((await h.http.get('/api/dashboard/overview').set(mentor.headers)).body.data.assessment).to.include({ grading_queue: 1 });
    expect((await h.http.post(`/api/lms/assignments/${subs.mentor}/grade`).set(admin.headers).send({ score: 90 })).status).to.equal(200);
    expect((await h.http.post(`/api/lms/assignments/${subs.student}/grade`).set(mentor.headers).send({ score: 80 })).status).to.equal(200);
  });
});
