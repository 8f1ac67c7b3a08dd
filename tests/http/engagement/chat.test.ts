import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { statementsOf } from '../../support/statement-counter.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP engagement: chat', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const start = (u: TestUser, participantIds: string[], title?: string) =>
    h.http
      .post('/api/lms/chat/conversations')
      .set(u.headers)
      .send({ participant_ids: participantIds, ...(title ? { title } : {}) });
  const send = (u: TestUser, conversationId: string, content: string, messageType?: string) =>
    h.http
      .post(`/api/lms/chat/conversations/${conversationId}/messages`)
      .set(u.headers)
      .send({ content, ...(messageType ? { message_type: messageType } : {}) });
  const link = async (parent: TestUser, student: TestUser) => {
    const code = (await h.http.get('/api/lms/student/linking-code').set(student.headers)).body.data.linking_code as string;
    expect((await h.http.post('/api/lms/parent/link-student').set(parent.headers).send({ linking_code: code })).status).to.equal(200);
  };

  it('starts a direct conversation, reuses it for the same pair (either way round), and makes groups of three or more', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const student = await h.user(t);
    const second = await h.user(t);

    const first = await start(mentor, [student.id], 'Homework');
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.message).to.equal('Conversation created');
    expect(first.body.data).to.include({ type: 'direct', title: 'Homework', unread_count: 0, last_message: null });
    expect(first.body.data.participants.map((p: { id: string }) => p.id)).to.have.members([mentor.id, student.id]);
    expect(first.body.data.participants.find((p: { id: string }) => p.id === student.id)).to.include({
      display_name: student.user.displayName,
      role: 1,
    });

    const again = await start(student, [mentor.id, student.id]);
    expect(again.status).to.equal(200);
    expect(again.body.message).to.equal('Conversation already exists');
    expect(again.body.data.id).to.equal(first.body.data.id);

    const concurrent = await Promise.all([start(mentor, [second.id]), start(second, [mentor.id]), start(mentor, [second.id])]);
    expect(new Set(concurrent.map((r) => r.body.data.id)).size).to.equal(1);

    const group = await start(mentor, [student.id, second.id], 'Study group');
    expect(group.body.data).to.include({ type: 'group', title: 'Study group' });
    expect(group.body.data.participants).to.have.length(3);
    const group2 = await start(mentor, [student.id, second.id]);
    expect(group2.body.data.id).not.to.equal(group.body.data.id);

    expect((await start(mentor, [mentor.id])).status).to.equal(400);
    expect((await start(mentor, [])).status).to.equal(400);
    expect((await start(mentor, ['00000000-0000-4000-8000-000000000000'])).status).to.equal(400);
    const foreign = await h.user(await h.tenant());
    expect((await start(mentor, [foreign.id])).status).to.equal(400);
  });

  it('lets students and parents start only with staff and their linked parent or child (403 otherwise, nothing created)', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    const classmate = await h.user(t);
    const parent = await h.user(t, Role.Parent);
    const otherParent = await h.user(t, Role.Parent);
    const mentor = await h.user(t, Role.Mentor);
    const admin = await h.user(t, Role.Admin);
    await link(parent, student);

    const refused = await start(student, [classmate.id]);
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Insufficient permission');
    expect((await start(student, [otherParent.id])).status).to.equal(403);
    expect((await start(otherParent, [student.id])).status).to.equal(403);
    expect((await start(parent, [otherParent.id])).status).to.equal(403);
    // A group is refused when any member is out of reach.
    expect((await start(student, [mentor.id, classmate.id])).status).to.equal(403);
    for (const u of [student, classmate, otherParent])
      expect((await h.http.get('/api/lms/chat/conversations').set(u.headers)).body.data.total).to.equal(0);

    expect((await start(student, [parent.id])).status).to.equal(200);
    expect((await start(parent, [student.id])).body.message).to.equal('Conversation already exists');
    expect((await start(student, [mentor.id])).status).to.equal(200);
    expect((await start(otherParent, [admin.id])).status).to.equal(200);
    expect((await start(mentor, [classmate.id, otherParent.id])).status).to.equal(200);
  });

  it('sends and pages messages newest first with a before cursor; only participants read or write (others 404)', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const student = await h.user(t);
    const outsider = await h.user(t, Role.Admin);
    const conversation = (await start(mentor, [student.id])).body.data.id as string;
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await send(i % 2 ? mentor : student, conversation, `message ${i}`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.include({
        conversation_id: conversation,
        content: `message ${i}`,
        message_type: 'text',
        sender_id: (i % 2 ? mentor : student).id,
      });
      ids.push(res.body.data.id);
    }
    const firstPage = await h.http.get(`/api/lms/chat/conversations/${conversation}/messages?limit=3`).set(student.headers);
    expect(firstPage.status).to.equal(200);
    expect(firstPage.body.data.items.map((m: { content: string }) => m.content)).to.deep.equal(['message 7', 'message 6', 'message 5']);
    expect(firstPage.body.data).to.include({ has_more: true, next_before: ids[4], limit: 3 });
    const secondPage = await h.http
      .get(`/api/lms/chat/conversations/${conversation}/messages?limit=3&before=${firstPage.body.data.next_before}`)
      .set(student.headers);
    expect(secondPage.body.data.items.map((m: { content: string }) => m.content)).to.deep.equal(['message 4', 'message 3', 'message 2']);
    const last = await h.http
      .get(`/api/lms/chat/conversations/${conversation}/messages?limit=3&before=${secondPage.body.data.next_before}`)
      .set(student.headers);
    expect(last.body.data).to.deep.include({ has_more: false, next_before: null });
    expect(last.body.data.items.map((m: { content: string }) => m.content)).to.deep.equal(['message 1']);
    const all = await h.http.get(`/api/lms/chat/conversations/${conversation}/messages`).set(mentor.headers);
    expect(all.body.data.items).to.have.length(7);
    expect(all.body.data.limit).to.equal(50);

    // Not a participant: 404 for everything, and nothing is written.
    const read = await h.http.get(`/api/lms/chat/conversations/${conversation}/messages`).set(outsider.headers);
    expect(read.status).to.equal(404);
    expect(read.body.message).to.equal('Record not found');
    expect((await h.http.get(`/api/lms/chat/conversations/${conversation}`).set(outsider.headers)).status).to.equal(404);
    expect((await send(outsider, conversation, 'intrusion')).status).to.equal(404);
    expect((await h.http.post(`/api/lms/chat/conversations/${conversation}/read`).set(outsider.headers).send({})).status).to.equal(404);
    const stranger = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.get(`/api/lms/chat/conversations/${conversation}/messages`).set(stranger.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/chat/conversations/${conversation}/messages`).set(mentor.headers)).body.data.items).to.have.length(
      7,
    );

    // A cursor of another conversation, bad limits and message types are 400.
    const other = (await start(mentor, [outsider.id])).body.data.id as string;
    const otherMessage = (await send(mentor, other, 'elsewhere')).body.data.id as string;
    expect(
      (await h.http.get(`/api/lms/chat/conversations/${conversation}/messages?before=${otherMessage}`).set(mentor.headers)).status,
    ).to.equal(400);
    expect((await h.http.get(`/api/lms/chat/conversations/${conversation}/messages?limit=101`).set(mentor.headers)).status).to.equal(400);
    expect((await send(mentor, conversation, 'hello', 'video')).status).to.equal(400);
    expect((await send(mentor, conversation, '   ')).status).to.equal(400);
    expect((await send(mentor, conversation, 'not a url', 'link')).status).to.equal(400);
    expect((await send(mentor, conversation, 'javascript:alert(1)', 'link')).status).to.equal(400);
    expect((await send(mentor, conversation, 'https://example.test/notes', 'link')).body.data.message_type).to.equal('link');
    expect((await send(mentor, conversation, '/api/files/download/0f8fad5b-d9cb-469f-a165-70867728950e.pdf', 'file')).status).to.equal(200);
  });

  it('lists conversations by latest activity with the last message and unread counts; read markers only move forward', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const a = await h.user(t);
    const b = await h.user(t);
    const withA = (await start(mentor, [a.id])).body.data.id as string;
    const withB = (await start(mentor, [b.id])).body.data.id as string;
    const m1 = (await send(a, withA, 'hi from a')).body.data.id as string;
    await send(a, withA, 'second from a');
    await send(b, withB, 'hi from b');

    const list = await h.http.get('/api/lms/chat/conversations').set(mentor.headers);
    expect(list.status).to.equal(200);
    expect(list.body.data.total).to.equal(2);
    const [top, next] = list.body.data.items;
    expect(top).to.deep.include({ id: withB, unread_count: 1 });
    expect(top.last_message).to.include({ content: 'hi from b', sender_id: b.id });
    expect(next).to.deep.include({ id: withA, unread_count: 2 });
    // Own messages are never unread.
    expect((await h.http.get('/api/lms/chat/conversations').set(a.headers)).body.data.items[0].unread_count).to.equal(0);
    expect((await h.http.get('/api/dashboard/overview').set(mentor.headers)).body.data.engagement).to.deep.include({
      unread_messages: 3,
      unread_conversations: 2,
    });

    const partly = await h.http.post(`/api/lms/chat/conversations/${withA}/read`).set(mentor.headers).send({ message_id: m1 });
    expect(partly.body.data).to.deep.equal({ conversation_id: withA, unread_count: 1 });
    expect((await h.http.post(`/api/lms/chat/conversations/${withA}/read`).set(mentor.headers).send({})).body.data.unread_count).to.equal(
      0,
    );
    // Marking an older message read does not move the marker back.
    expect(
      (await h.http.post(`/api/lms/chat/conversations/${withA}/read`).set(mentor.headers).send({ message_id: m1 })).body.data.unread_count,
    ).to.equal(0);
    expect(
      (
        await h.http
          .post(`/api/lms/chat/conversations/${withA}/read`)
          .set(mentor.headers)
          .send({ message_id: '00000000-0000-4000-8000-000000000000' })
      ).status,
    ).to.equal(400);

    // Replying moves the conversation to the top.
    await send(mentor, withA, 'answer');
    const after = await h.http.get('/api/lms/chat/conversations').set(mentor.headers);
    expect(after.body.data.items.map((c: { id: string }) => c.id)).to.deep.equal([withA, withB]);
    expect(after.body.data.items[0]).to.deep.include({ unread_count: 0 });
    const detail = await h.http.get(`/api/lms/chat/conversations/${withA}`).set(a.headers);
    expect(detail.body.data).to.deep.include({ unread_count: 1 });
    expect(detail.body.data.last_message.content).to.equal('answer');
  });

  it('lists conversations in a fixed number of queries, however many there are (no N+1)', async () => {
    const t = await h.tenant();
    const few = await h.user(t, Role.Mentor);
    const many = await h.user(t, Role.Mentor);
    const peer = await h.user(t);
    const c = (await start(few, [peer.id])).body.data.id as string;
    await send(peer, c, 'one');
    for (let i = 0; i < 8; i++) {
      const s = await h.user(t);
      const id = (await start(many, [s.id, peer.id])).body.data.id as string;
      await send(s, id, `hello ${i}`);
      await send(many, id, `reply ${i}`);
    }
    const count = async (u: TestUser) => {
      const { statements, result: res } = await statementsOf(h, (http) =>
        http.get('/api/lms/chat/conversations?page_size=100').set(u.headers),
      );
      expect(res.status).to.equal(200);
      return { n: statements, items: res.body.data.items as unknown[] };
    };
    const one = await count(few);
    const eight = await count(many);
    expect(one.items).to.have.length(1);
    expect(eight.items).to.have.length(8);
    expect(one.n).to.be.greaterThan(0);
    expect(eight.n).to.equal(one.n);
    expect(eight.n).to.be.at.most(10);
  });
});
