import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { complete, createCourse, enrol, seedCourse } from './learning-fixtures.js';

describe('HTTP learning: dashboard overview', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('gives each role the learning figures it wants first', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const mentor = await h.user(t, Role.Mentor);
    const parent = await h.user(t, Role.Parent);
    const student = await h.user(t);
    const a = await seedCourse(h, admin, { modules: 1, lessons: 2, fields: { title: 'Course A' } });
    const b = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Course B' } });
    await createCourse(h, admin, { status: 'draft' });
    await enrol(h, admin, student.id, a.id);
    await enrol(h, admin, student.id, b.id);
    await complete(h, student, a.lessonIds[0]!);
    await complete(h, student, b.lessonIds[0]!);
    const code = (await h.http.get('/api/lms/student/linking-code').set(student.headers)).body.data.linking_code;
    await h.http.post('/api/lms/parent/link-student').set(parent.headers).send({ linking_code: code }).expect(200);

    const mine = (await h.http.get('/api/dashboard/overview').set(student.headers)).body.data.learning;
    expect(mine).to.include({ courses_enrolled: 2, courses_completed: 1, courses_in_progress: 1, average_progress: 75, certificates: 1 });
    expect(mine.continue_learning).to.have.length(1);
    expect(mine.continue_learning[0]).to.include({ course_id: a.id, title: 'Course A', progress: 50, last_lesson_id: a.lessonIds[0] });

    const theirs = (await h.http.get('/api/dashboard/overview').set(parent.headers)).body.data.learning;
    expect(theirs.linked_students).to.equal(1);
    expect(theirs.students[0]).to.include({ id: student.id, courses_enrolled: 2, courses_completed: 1, certificates: 1 });

    const staff = (await h.http.get('/api/dashboard/overview').set(mentor.headers)).body.data.learning;
    expect(staff).to.include({
      courses_published: 2,
      active_enrollments: 2,
      enrollments_last_30_days: 2,
      certificates_issued: 1,
      certificates_last_30_days: 1,
    });
    expect(staff).to.not.have.property('courses_by_status');
    const adminView = (await h.http.get('/api/dashboard/overview').set(admin.headers)).body.data.learning;
    expect(adminView.courses_by_status).to.deep.equal({ draft: 1, published: 2, archived: 0 });
    // The identity section is still there.
    expect((await h.http.get('/api/dashboard/overview').set(admin.headers)).body.data.account.role).to.equal(99);
  });
});
