import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';

describe('HTTP engagement: personal schedule', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const item = (fields: Record<string, unknown> = {}) => ({
    title: 'Algebra revision',
    date: '2026-05-04',
    start_time: '09:00',
    end_time: '10:30',
    ...fields,
  });

  it('creates items and lists them by date and time over an inclusive range', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    for (const fields of [
      { title: 'Late', date: '2026-05-05', start_time: '18:00', end_time: '19:00' },
      { title: 'Early', date: '2026-05-05', start_time: '07:00', end_time: '08:00' },
      { title: 'First day', date: '2026-05-04', start_time: '13:00', end_time: '14:00', description: 'Bring the textbook' },
      { title: 'Outside', date: '2026-05-08', start_time: '09:00', end_time: '10:00' },
    ]) {
      const res = await h.http.post('/api/lms/my-schedule/items').set(u.headers).send(item(fields));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.include({
        title: fields.title,
        date: fields.date,
        start_time: fields.start_time,
        end_time: fields.end_time,
        source: 'personal',
      });
    }
    const res = await h.http.get('/api/lms/my-schedule?start_date=2026-05-04&end_date=2026-05-07').set(u.headers);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ total: 3, page: 1, page_size: 10, start_date: '2026-05-04', end_date: '2026-05-07' });
    expect(res.body.data.items.map((i: { title: string }) => i.title)).to.deep.equal(['First day', 'Early', 'Late']);
    expect(res.body.data.items[0].description).to.equal('Bring the textbook');

    // The end day is included.
    const last = await h.http.get('/api/lms/my-schedule?start_date=2026-05-08&end_date=2026-05-08').set(u.headers);
    expect(last.body.data.items.map((i: { title: string }) => i.title)).to.deep.equal(['Outside']);
    // Pages.
    const paged = await h.http.get('/api/lms/my-schedule?start_date=2026-05-01&end_date=2026-05-31&page=2&page_size=3').set(u.headers);
    expect(paged.body.data).to.include({ total: 4, page: 2, page_size: 3 });
    expect(paged.body.data.items.map((i: { title: string }) => i.title)).to.deep.equal(['Outside']);
  });

  it('refuses end_time not after start_time, impossible dates and bad shapes with 400, writing nothing', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    for (const [fields, field] of [
      [{ start_time: '10:00', end_time: '09:00' }, 'end_time'],
      [{ start_time: '10:00', end_time: '10:00' }, 'end_time'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '2026-13-01' }, 'date'],
      [{ date: '04/05/2026' }, 'date'],
      [{ start_time: '24:00' }, 'start_time'],
      [{ end_time: '9:00' }, 'end_time'],
      [{ title: '' }, 'title'],
    ] as const) {
      const res = await h.http.post('/api/lms/my-schedule/items').set(u.headers).send(item(fields));
      expect(res.status, JSON.stringify(fields)).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
      expect(res.body.error).to.include(field);
    }
    const list = await h.http.get('/api/lms/my-schedule?start_date=2026-01-01&end_date=2026-12-31').set(u.headers);
    expect(list.body.data.total).to.equal(0);
  });

  it('limits a range to 366 days and refuses an inverted range', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    expect((await h.http.get('/api/lms/my-schedule?start_date=2028-01-01&end_date=2028-12-31').set(u.headers)).status).to.equal(200);
    const tooLong = await h.http.get('/api/lms/my-schedule?start_date=2026-01-01&end_date=2027-01-02').set(u.headers);
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.error).to.include('366');
    expect((await h.http.get('/api/lms/my-schedule?start_date=2026-05-02&end_date=2026-05-01').set(u.headers)).status).to.equal(400);
    expect((await h.http.get('/api/lms/my-schedule?start_date=2026-02-29&end_date=2026-03-01').set(u.headers)).status).to.equal(400);
    // Without a range: today and the six days after it.
    const today = h.clock.now().toISOString().slice(0, 10);
    await h.http
      .post('/api/lms/my-schedule/items')
      .set(u.headers)
      .send(item({ date: today }));
    const week = await h.http.get('/api/lms/my-schedule').set(u.headers);
    expect(week.status).to.equal(200);
    expect(week.body.data.start_date).to.equal(today);
    expect(week.body.data.total).to.equal(1);
  });

  it("updates any subset of an own item, checking the merged times; another user's item is 404 and unchanged", async () => {
    const t = await h.tenant();
    const owner = await h.user(t);
    const other = await h.user(t);
    const created = (await h.http.post('/api/lms/my-schedule/items').set(owner.headers).send(item())).body.data;

    const moved = await h.http
      .put(`/api/lms/my-schedule/items/${created.id}`)
      .set(owner.headers)
      .send({ date: '2026-05-06', end_time: '11:00' });
    expect(moved.status).to.equal(200);
    expect(moved.body.data).to.include({ title: 'Algebra revision', date: '2026-05-06', start_time: '09:00', end_time: '11:00' });
    // Only the start moves, past the stored end: 400.
    const bad = await h.http.put(`/api/lms/my-schedule/items/${created.id}`).set(owner.headers).send({ start_time: '12:00' });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.include('end_time');

    const foreign = await h.http.put(`/api/lms/my-schedule/items/${created.id}`).set(other.headers).send({ title: 'Hijacked' });
    expect(foreign.status).to.equal(404);
    expect(foreign.body.message).to.equal('Record not found');
    expect((await h.http.delete(`/api/lms/my-schedule/items/${created.id}`).set(other.headers)).status).to.equal(404);
    // Another tenant's user, even with the same id in the path.
    const stranger = await h.user(await h.tenant());
    expect((await h.http.put(`/api/lms/my-schedule/items/${created.id}`).set(stranger.headers).send({ title: 'x' })).status).to.equal(404);

    const list = await h.http.get('/api/lms/my-schedule?start_date=2026-05-01&end_date=2026-05-31').set(owner.headers);
    expect(list.body.data.items).to.have.length(1);
    expect(list.body.data.items[0]).to.include({ title: 'Algebra revision', end_time: '11:00' });
    expect(
      (await h.http.get('/api/lms/my-schedule?start_date=2026-05-01&end_date=2026-05-31').set(other.headers)).body.data.total,
    ).to.equal(0);

    expect((await h.http.delete(`/api/lms/my-schedule/items/${created.id}`).set(owner.headers)).status).to.equal(200);
    expect((await h.http.delete(`/api/lms/my-schedule/items/${created.id}`).set(owner.headers)).status).to.equal(404);
    expect((await h.http.put('/api/lms/my-schedule/items/not-a-uuid').set(owner.headers).send({ title: 'x' })).status).to.equal(400);
    expect((await h.http.get('/api/lms/my-schedule')).status).to.equal(401);
  });

  it("shows today's items and unread messages in the dashboard overview", async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const today = h.clock.now().toISOString().slice(0, 10);
    await h.http
      .post('/api/lms/my-schedule/items')
      .set(u.headers)
      .send(item({ date: today, title: "Today's class", start_time: '08:00', end_time: '09:00' }));
    const res = await h.http.get('/api/dashboard/overview').set(u.headers);
    expect(res.status).to.equal(200);
    expect(res.body.data.engagement).to.deep.include({ unread_messages: 0, unread_conversations: 0 });
    expect(res.body.data.engagement.today).to.include({ date: today, total: 1 });
    expect(res.body.data.engagement.today.items[0]).to.include({ title: "Today's class" });
  });
});
