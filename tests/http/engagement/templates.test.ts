import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP engagement: schedule templates and assignment', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const createTemplate = async (u: TestUser, items: Array<Record<string, unknown>> = []) => {
    const res = await h.http
      .post('/api/lms/schedule-templates')
      .set(u.headers)
      .send({ name: 'Exam week', description: 'Five days of revision' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    for (const item of items) {
      const added = await h.http.post(`/api/lms/schedule-templates/${res.body.data.id}/items`).set(u.headers).send(item);
      expect(added.status, JSON.stringify(added.body)).to.equal(200);
    }
    return res.body.data.id as string;
  };
  const schedule = async (u: TestUser, from = '2026-06-01', to = '2026-06-30') =>
    (await h.http.get(`/api/lms/my-schedule?start_date=${from}&end_date=${to}&page_size=100`).set(u.headers)).body.data as {
      total: number;
      items: Array<Record<string, unknown>>;
    };

  it('creates, reads (with items in plan order), updates and deletes templates and their items', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const id = await createTemplate(mentor, [
      { day_offset: 2, title: 'Geometry', start_time: '09:00', end_time: '10:00' },
      { day_offset: 0, title: 'Algebra', start_time: '13:00', end_time: '14:00', description: 'Chapter 3' },
      { title: 'Warm-up', start_time: '08:00', end_time: '08:30' },
    ]);
    const detail = await h.http.get(`/api/lms/schedule-templates/${id}`).set(mentor.headers);
    expect(detail.status).to.equal(200);
    expect(detail.body.data).to.include({ id, name: 'Exam week', description: 'Five days of revision', owner_id: mentor.id });
    expect(detail.body.data.items.map((i: { title: string; day_offset: number }) => `${i.day_offset}:${i.title}`)).to.deep.equal([
      '0:Warm-up',
      '0:Algebra',
      '2:Geometry',
    ]);

    const renamed = await h.http.put(`/api/lms/schedule-templates/${id}`).set(mentor.headers).send({ name: 'Final exam week' });
    expect(renamed.body.data).to.include({ name: 'Final exam week', description: 'Five days of revision' });
    expect(renamed.body.data.items).to.have.length(3);

    const itemId = detail.body.data.items[2].id as string;
    const moved = await h.http
      .put(`/api/lms/schedule-template-items/${itemId}`)
      .set(mentor.headers)
      .send({ day_offset: 3, end_time: '11:00' });
    expect(moved.status).to.equal(200);
    expect(moved.body.data).to.include({ day_offset: 3, title: 'Geometry', start_time: '09:00', end_time: '11:00' });
    const inverted = await h.http.put(`/api/lms/schedule-template-items/${itemId}`).set(mentor.headers).send({ end_time: '08:00' });
    expect(inverted.status).to.equal(400);
    expect(
      (
        await h.http
          .post(`/api/lms/schedule-templates/${id}/items`)
          .set(mentor.headers)
          .send({ day_offset: 366, title: 'x', start_time: '08:00', end_time: '09:00' })
      ).status,
    ).to.equal(400);
    expect(
      (
        await h.http
          .post(`/api/lms/schedule-templates/${id}/items`)
          .set(mentor.headers)
          .send({ day_offset: 1, title: 'x', start_time: '10:00', end_time: '09:00' })
      ).status,
    ).to.equal(400);

    expect((await h.http.delete(`/api/lms/schedule-template-items/${itemId}`).set(mentor.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/schedule-templates/${id}`).set(mentor.headers)).body.data.items).to.have.length(2);

    const list = await h.http.get('/api/lms/schedule-templates').set(mentor.headers);
    expect(list.body.data).to.include({ total: 1 });
    expect(list.body.data.items[0]).to.include({ id, name: 'Final exam week' });

    expect((await h.http.delete(`/api/lms/schedule-templates/${id}`).set(mentor.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/schedule-templates/${id}`).set(mentor.headers)).status).to.equal(404);
    expect(
      (await h.http.put(`/api/lms/schedule-template-items/${detail.body.data.items[0].id}`).set(mentor.headers).send({ title: 'x' }))
        .status,
    ).to.equal(404);
  });

  it('shows a template to its owner and to Mentors and above; other users get 404 and change nothing', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    const otherStudent = await h.user(t);
    const mentor = await h.user(t, Role.Mentor);
    const parent = await h.user(t, Role.Parent);
    const own = await createTemplate(student, [{ title: 'Reading', start_time: '19:00', end_time: '20:00' }]);
    const mentorsTemplate = await createTemplate(mentor);

    for (const outsider of [otherStudent, parent, await h.user(await h.tenant(), Role.Admin)]) {
      expect((await h.http.get(`/api/lms/schedule-templates/${own}`).set(outsider.headers)).status).to.equal(404);
      expect((await h.http.put(`/api/lms/schedule-templates/${own}`).set(outsider.headers).send({ name: 'Mine now' })).status).to.equal(
        404,
      );
      expect((await h.http.delete(`/api/lms/schedule-templates/${own}`).set(outsider.headers)).status).to.equal(404);
      expect(
        (
          await h.http
            .post(`/api/lms/schedule-templates/${own}/items`)
            .set(outsider.headers)
            .send({ title: 'x', start_time: '08:00', end_time: '09:00' })
        ).status,
      ).to.equal(404);
      expect(
        (await h.http.post(`/api/lms/schedule-templates/${own}/assign`).set(outsider.headers).send({ start_date: '2026-06-01' })).status,
      ).to.equal(404);
    }
    // The student sees only their own template; the mentor sees both, or only theirs with mine=true.
    const studentList = await h.http.get('/api/lms/schedule-templates').set(student.headers);
    expect(studentList.body.data.items.map((x: { id: string }) => x.id)).to.deep.equal([own]);
    expect((await h.http.get(`/api/lms/schedule-templates/${mentorsTemplate}`).set(student.headers)).status).to.equal(404);
    const mentorList = await h.http.get('/api/lms/schedule-templates').set(mentor.headers);
    expect(mentorList.body.data.items.map((x: { id: string }) => x.id)).to.have.members([own, mentorsTemplate]);
    expect(
      (await h.http.get('/api/lms/schedule-templates?mine=true').set(mentor.headers)).body.data.items.map((x: { id: string }) => x.id),
    ).to.deep.equal([mentorsTemplate]);
    expect((await h.http.get(`/api/lms/schedule-templates/${own}`).set(mentor.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/schedule-templates/${own}`).set(student.headers)).body.data.name).to.equal('Exam week');
  });

  it('assigns to the caller: real items on start_date + day_offset; assigning twice adds nothing', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    const id = await createTemplate(student, [
      { day_offset: 0, title: 'Day one', start_time: '09:00', end_time: '10:00' },
      { day_offset: 6, title: 'Day seven', start_time: '09:00', end_time: '10:00', description: 'Mock exam' },
    ]);
    const first = await h.http.post(`/api/lms/schedule-templates/${id}/assign`).set(student.headers).send({ start_date: '2026-06-29' });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.data).to.deep.equal({
      template_id: id,
      start_date: '2026-06-29',
      items_created: 2,
      users: [{ user_id: student.id, assigned: true, items_created: 2 }],
    });
    const again = await h.http.post(`/api/lms/schedule-templates/${id}/assign`).set(student.headers).send({ start_date: '2026-06-29' });
    expect(again.status).to.equal(200);
    expect(again.body.data).to.deep.include({ items_created: 0, users: [{ user_id: student.id, assigned: false, items_created: 0 }] });

    const july = await schedule(student, '2026-06-01', '2026-07-31');
    expect(july.total).to.equal(2);
    expect(july.items.map((i) => [i.date, i.title, i.source, i.template_id])).to.deep.equal([
      ['2026-06-29', 'Day one', 'template', id],
      ['2026-07-05', 'Day seven', 'template', id],
    ]);
    // Another start date is another assignment.
    await h.http.post(`/api/lms/schedule-templates/${id}/assign`).set(student.headers).send({ start_date: '2026-07-06' });
    expect((await schedule(student, '2026-06-01', '2026-07-31')).total).to.equal(4);

    // Produced items are the student's own: editable; deleting the template keeps them.
    const produced = july.items[0]!.id as string;
    expect(
      (await h.http.put(`/api/lms/my-schedule/items/${produced}`).set(student.headers).send({ title: 'Day one (moved)' })).status,
    ).to.equal(200);
    expect((await h.http.delete(`/api/lms/schedule-templates/${id}`).set(student.headers)).status).to.equal(200);
    const kept = await schedule(student, '2026-06-01', '2026-07-31');
    expect(kept.total).to.equal(4);
    expect(kept.items[0]).to.include({ title: 'Day one (moved)', template_id: null });
  });

  it('lets Mentors and above assign to students in one transaction; others get 403 and nothing is written', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const s1 = await h.user(t);
    const s2 = await h.user(t);
    const parent = await h.user(t, Role.Parent);
    const otherMentor = await h.user(t, Role.Mentor);
    const id = await createTemplate(mentor, [{ day_offset: 1, title: 'Lab', start_time: '10:00', end_time: '12:00' }]);

    const res = await h.http
      .post(`/api/lms/schedule-templates/${id}/assign`)
      .set(mentor.headers)
      .send({ user_ids: [s1.id, s2.id, s1.id], start_date: '2026-06-01' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data.items_created).to.equal(2);
    expect(res.body.data.users.map((u: { user_id: string }) => u.user_id)).to.deep.equal([s1.id, s2.id]);
    for (const s of [s1, s2]) expect((await schedule(s)).items.map((i) => [i.date, i.title])).to.deep.equal([['2026-06-02', 'Lab']]);

    // Again with one more student: only the new one gets items.
    const s3 = await h.user(t);
    const more = await h.http
      .post(`/api/lms/schedule-templates/${id}/assign`)
      .set(mentor.headers)
      .send({ user_ids: [s1.id, s3.id], start_date: '2026-06-01' });
    expect(more.body.data.users).to.deep.equal([
      { user_id: s1.id, assigned: false, items_created: 0 },
      { user_id: s3.id, assigned: true, items_created: 1 },
    ]);
    expect((await schedule(s1)).total).to.equal(1);

    // A mentor cannot assign to a parent or another mentor; an unknown id is 400: nothing written for anyone.
    const s4 = await h.user(t);
    for (const target of [parent.id, otherMentor.id]) {
      const refused = await h.http
        .post(`/api/lms/schedule-templates/${id}/assign`)
        .set(mentor.headers)
        .send({ user_ids: [s4.id, target], start_date: '2026-06-10' });
      expect(refused.status).to.equal(403);
    }
    const unknown = await h.http
      .post(`/api/lms/schedule-templates/${id}/assign`)
      .set(mentor.headers)
      .send({ user_ids: [s4.id, '00000000-0000-4000-8000-000000000000'], start_date: '2026-06-10' });
    expect(unknown.status).to.equal(400);
    const foreignStudent = await h.user(await h.tenant());
    expect(
      (
        await h.http
          .post(`/api/lms/schedule-templates/${id}/assign`)
          .set(mentor.headers)
          .send({ user_ids: [foreignStudent.id], start_date: '2026-06-10' })
      ).status,
    ).to.equal(400);
    expect((await schedule(s4)).total).to.equal(0);
    expect((await schedule(parent)).total).to.equal(0);

    // A student may assign their own template to themselves only.
    const student = await h.user(t);
    const own = await createTemplate(student, [{ title: 'Self study', start_time: '16:00', end_time: '17:00' }]);
    const toOthers = await h.http
      .post(`/api/lms/schedule-templates/${own}/assign`)
      .set(student.headers)
      .send({ user_ids: [s1.id], start_date: '2026-06-01' });
    expect(toOthers.status).to.equal(403);
    expect(toOthers.body.message).to.equal('Insufficient permission');
    expect((await schedule(s1)).total).to.equal(1);
    expect(
      (
        await h.http
          .post(`/api/lms/schedule-templates/${own}/assign`)
          .set(student.headers)
          .send({ user_ids: [student.id], start_date: '2026-06-01' })
      ).status,
    ).to.equal(200);
    expect(
      (await h.http.post(`/api/lms/schedule-templates/${own}/assign`).set(student.headers).send({ start_date: '2026-02-30' })).status,
    ).to.equal(400);
  });

  it('creates items once under concurrent assignments of the same template, user and start date', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const student = await h.user(t);
    const id = await createTemplate(mentor, [
      { day_offset: 0, title: 'A', start_time: '09:00', end_time: '10:00' },
      { day_offset: 1, title: 'B', start_time: '09:00', end_time: '10:00' },
    ]);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        h.http
          .post(`/api/lms/schedule-templates/${id}/assign`)
          .set(mentor.headers)
          .send({ user_ids: [student.id], start_date: '2026-06-15' }),
      ),
    );
    expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.data.users[0].assigned)).to.have.length(1);
    expect((await schedule(student)).total).to.equal(2);
  });
});
