import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { extraApplication, harness, type Harness, type TestUser } from '../../support/harness.js';
import { binary } from '../learning/learning-fixtures.js';
import supertest from 'supertest';

/** Unfolds RFC 5545 content lines (CRLF + one space continues a line). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('HTTP engagement: calendar feed', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const addItem = (u: TestUser, fields: Record<string, unknown>) =>
    h.http
      .post('/api/lms/my-schedule/items')
      .set(u.headers)
      .send({ title: 'Class', start_time: '09:00', end_time: '10:00', ...fields });
  const day = (offset: number) => new Date(h.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

  it('hands out a feed token once, keeps only its digest, rotates and revokes it', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    expect((await h.http.get('/api/lms/my-schedule/feed-token').set(u.headers)).body.data).to.deep.equal({
      active: false,
      created_at: null,
    });

    const created = await h.http.post('/api/lms/my-schedule/feed-token').set(u.headers);
    expect(created.status).to.equal(200);
    const { token, url } = created.body.data as { token: string; url: string };
    expect(token).to.match(/^[0-9a-f]{64}$/);
    expect(url).to.match(new RegExp(`/api/lms/my-schedule\\.ics\\?token=${token}$`));
    const status = await h.http.get('/api/lms/my-schedule/feed-token').set(u.headers);
    expect(status.body.data.active).to.equal(true);
    expect(JSON.stringify(status.body)).not.to.include(token);

    const stored = await h.app.db.knex('schedule_feed_tokens').where({ userId: u.id }).first();
    expect(stored?.tokenHash).to.equal(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.to.include(token);

    // No tenant header, no login: the token is both.
    expect((await h.http.get(`/api/lms/my-schedule.ics?token=${token}`)).status).to.equal(200);

    const rotated = (await h.http.post('/api/lms/my-schedule/feed-token').set(u.headers)).body.data.token as string;
    expect(rotated).not.to.equal(token);
    expect((await h.http.get(`/api/lms/my-schedule.ics?token=${token}`)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/my-schedule.ics?token=${rotated}`)).status).to.equal(200);

    expect((await h.http.delete('/api/lms/my-schedule/feed-token').set(u.headers)).body.data).to.deep.equal({ revoked: true });
    expect((await h.http.get(`/api/lms/my-schedule.ics?token=${rotated}`)).status).to.equal(404);
    expect((await h.http.get('/api/lms/my-schedule.ics?token=nope')).status).to.equal(404);
    expect((await h.http.get('/api/lms/my-schedule.ics')).status).to.equal(400);
  });

  it('serves valid iCalendar: CRLF, folded lines, escaped text, UID and DTSTAMP, floating times without a zone', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const long = 'Revise chapters 1, 2; and 3\\4 — ' + 'é'.repeat(60);
    const a = (await addItem(u, { title: long, date: day(1), start_time: '07:30', end_time: '08:45', description: 'Line one\nLine two' }))
      .body.data;
    await addItem(u, { title: 'Earlier', date: day(0), start_time: '06:00', end_time: '06:30' });
    await addItem(u, { title: 'Long ago', date: day(-200) });
    const other = await h.user(t);
    await addItem(other, { title: 'Not mine', date: day(1) });
    const token = (await h.http.post('/api/lms/my-schedule/feed-token').set(u.headers)).body.data.token as string;

    const res = await h.http.get(`/api/lms/my-schedule.ics?token=${token}`).buffer(true).parse(binary);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/calendar; charset=utf-8');
    const ics = (res.body as Buffer).toString('utf8');
    expect(ics.endsWith('\r\n')).to.equal(true);
    expect(ics.replace(/\r\n/g, '')).not.to.match(/[\r\n]/);
    for (const physical of ics.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).to.be.at.most(75);

    const lines = unfold(ics);
    expect(lines.slice(0, 3)).to.deep.equal(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//LMS//Schedule 1.0//EN']);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).to.have.length(2);
    expect(ics).not.to.include('Not mine');
    expect(ics).not.to.include('Long ago');
    expect(lines).to.include(`UID:${a.id}@localhost`);
    expect(lines).to.include(`SUMMARY:Revise chapters 1\\, 2\\; and 3\\\\4 — ${'é'.repeat(60)}`);
    expect(lines).to.include('DESCRIPTION:Line one\\nLine two');
    expect(lines).to.include(`DTSTART:${day(1).replaceAll('-', '')}T073000`);
    expect(lines).to.include(`DTEND:${day(1).replaceAll('-', '')}T084500`);
    expect(lines.filter((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).to.have.length(2);
    // Events in date order: Earlier (today) before the long one (tomorrow).
    expect(lines.findIndex((l) => l === 'SUMMARY:Earlier')).to.be.below(lines.findIndex((l) => l.startsWith('SUMMARY:Revise')));
    expect(lines[lines.length - 2]).to.equal('END:VCALENDAR');
  });

  it('converts times to UTC when SCHEDULE_TIMEZONE is set', async () => {
    const app = await extraApplication({ SCHEDULE_TIMEZONE: 'Asia/Jakarta', PUBLIC_URL: 'https://school.example.test' });
    try {
      const t = await h.tenant();
      const u = await h.user(t);
      const http = supertest(app.callback);
      await http
        .post('/api/lms/my-schedule/items')
        .set(u.headers)
        .send({ title: 'Morning', date: day(2), start_time: '07:00', end_time: '08:00' });
      const created = (await http.post('/api/lms/my-schedule/feed-token').set(u.headers)).body.data;
      expect(created.url).to.equal(`https://school.example.test/api/lms/my-schedule.ics?token=${created.token}`);
      const res = await http.get(`/api/lms/my-schedule.ics?token=${created.token}`).buffer(true).parse(binary);
      const lines = unfold((res.body as Buffer).toString('utf8'));
      // 07:00 WIB (UTC+7) is 00:00 UTC.
      expect(lines).to.include(`DTSTART:${day(2).replaceAll('-', '')}T000000Z`);
      expect(lines).to.include(`DTEND:${day(2).replaceAll('-', '')}T010000Z`);
      expect(lines).to.include('X-WR-TIMEZONE:Asia/Jakarta');
      expect(lines.some((l) => l.startsWith('UID:') && l.endsWith('@school.example.test'))).to.equal(true);
    } finally {
      await app.close();
    }
  });

  it('stops serving the feed of a deactivated user', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const token = (await h.http.post('/api/lms/my-schedule/feed-token').set(u.headers)).body.data.token as string;
    await h.app.db.knex('users').where({ id: u.id }).update({ status: 2 });
    expect((await h.http.get(`/api/lms/my-schedule.ics?token=${token}`)).status).to.equal(404);
  });
});
