import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { makeAssignScheduleTemplate } from '../../../application/engagement/use-cases/assign-schedule-template.usecase.js';
import { makeCreateScheduleTemplate } from '../../../application/engagement/use-cases/create-schedule-template.usecase.js';
import { makeAddTemplateItem } from '../../../application/engagement/use-cases/add-template-item.usecase.js';
import { makeDeleteScheduleTemplate } from '../../../application/engagement/use-cases/delete-schedule-template.usecase.js';
import { makeListMySchedule } from '../../../application/engagement/use-cases/list-my-schedule.usecase.js';
import { makeCreateScheduleItem } from '../../../application/engagement/use-cases/create-schedule-item.usecase.js';
import { makeUpdateScheduleItem } from '../../../application/engagement/use-cases/update-schedule-item.usecase.js';
import { makeRotateFeedToken } from '../../../application/engagement/use-cases/rotate-feed-token.usecase.js';
import { makeRenderScheduleFeed } from '../../../application/engagement/use-cases/render-schedule-feed.usecase.js';
import { makeStartConversation } from '../../../application/engagement/use-cases/start-conversation.usecase.js';
import { makeSendMessage } from '../../../application/engagement/use-cases/send-message.usecase.js';
import { makeListMessages } from '../../../application/engagement/use-cases/list-messages.usecase.js';
import { makeMarkConversationRead } from '../../../application/engagement/use-cases/mark-conversation-read.usecase.js';
import { makeReplayChatMessages, REPLAY_LIMIT } from '../../../application/engagement/use-cases/replay-chat-messages.usecase.js';
import { makeListConversations } from '../../../application/engagement/use-cases/list-conversations.usecase.js';
import { makeAskLessonAssistant } from '../../../application/engagement/use-cases/ask-lesson-assistant.usecase.js';
import { makeListLessonAiMessages } from '../../../application/engagement/use-cases/list-lesson-ai-messages.usecase.js';
import { makeEngagementDashboard } from '../../../application/engagement/engagement-dashboard.js';
import type { AssistantQuestion, LessonAssistant } from '../../../application/engagement/ports/lesson-assistant.js';
import { err, ok } from '../../../application/shared/result.js';
import { memoryEngagement } from './memory-engagement.js';

const page = { page: 1, pageSize: 100 };

/** A mentor's direct conversation with a student, and a mentor outside it. */
async function mentorStudentChat() {
  const m = memoryEngagement();
  const mentor = m.addUser(Role.Mentor);
  const student = m.addUser(Role.Student);
  const outsider = m.addUser(Role.Mentor);
  const started = await makeStartConversation(m.deps)(mentor, { participantIds: [student.userId] });
  return { m, mentor, student, outsider, id: started.ok ? started.value.summary.conversation.id : '' };
}

describe('engagement use cases (memory adapters)', () => {
  it('replays the messages after the last one a stream received, up to a limit; none for an id the caller cannot see', async () => {
    const { m, mentor, student, outsider, id } = await mentorStudentChat();
    const send = async (content: string) => {
      const sent = await makeSendMessage(m.deps)(mentor, id, { content, messageType: 'text' });
      if (!sent.ok) throw new Error(sent.error);
      return sent.value;
    };
    const replay = makeReplayChatMessages(m.deps);
    const anchor = await send('anchor');
    expect(await replay(student, anchor.id)).to.deep.equal({ messages: [], complete: true });
    const missed = [await send('a'), await send('b')];
    expect((await replay(student, anchor.id))!.messages.map((x) => x.content)).to.deep.equal(['a', 'b']);
    expect(await replay(outsider, anchor.id), 'not their conversation').to.equal(null);
    expect(await replay(student, '00000000-0000-4000-8000-999999999999')).to.equal(null);
    for (let i = missed.length; i < REPLAY_LIMIT; i++) await send(`m${i}`);
    expect((await replay(student, anchor.id))!.messages).to.have.length(REPLAY_LIMIT);
    await send('one too many');
    expect(await replay(student, anchor.id)).to.deep.equal({ messages: [], complete: false });
  });

  it('assigns a template once per user and start date, all users or none', async () => {
    const m = memoryEngagement();
    const mentor = m.addUser(Role.Mentor);
    const s1 = m.addUser(Role.Student);
    const parent = m.addUser(Role.Parent);
    const template = await makeCreateScheduleTemplate(m.deps)(mentor, { name: 'Week' });
    const add = makeAddTemplateItem(m.deps);
    expect((await add(mentor, template.id, { dayOffset: 0, title: 'A', startTime: '09:00', endTime: '10:00' })).ok).to.equal(true);
    expect((await add(mentor, template.id, { dayOffset: 3, title: 'B', startTime: '09:00', endTime: '08:00' })).ok).to.equal(false);
    const assign = makeAssignScheduleTemplate(m.deps);

    const refused = await assign(mentor, template.id, { userIds: [s1.userId, parent.userId], startDate: '2026-09-01' });
    expect(!refused.ok && refused.error).to.equal('ASSIGN_FORBIDDEN');
    expect(m.deps.scheduleItemRepository.rows.size).to.equal(0);
    expect(m.deps.scheduleTemplateRepository.assignments.size).to.equal(0);

    const first = await assign(mentor, template.id, { userIds: [s1.userId], startDate: '2026-09-01' });
    expect(first.ok && first.value.itemsCreated).to.equal(1);
    const second = await assign(mentor, template.id, { userIds: [s1.userId], startDate: '2026-09-01' });
    expect(second.ok && second.value.users).to.deep.equal([{ userId: s1.userId, assigned: false, itemsCreated: 0 }]);
    expect(m.deps.scheduleItemRepository.rows.size).to.equal(1);

    const own = await assign(s1, template.id, { startDate: '2026-09-01' });
    expect(!own.ok && own.error).to.equal('SCHEDULE_TEMPLATE_NOT_FOUND');

    // Deleting the template keeps the produced items, unlinked.
    expect((await makeDeleteScheduleTemplate(m.deps)(mentor, template.id)).ok).to.equal(true);
    const items = await makeListMySchedule(m.deps)(s1, { startDate: '2026-09-01', endDate: '2026-09-30' }, page);
    expect(items.ok && items.value.items.map((i) => [i.title, i.templateId, i.assignmentId])).to.deep.equal([['A', null, null]]);
  });

  it('keeps schedule items to their owner and renders the feed of a token', async () => {
    const m = memoryEngagement();
    const a = m.addUser(Role.Student, 'Ana');
    const b = m.addUser(Role.Student);
    const today = m.clock.now().toISOString().slice(0, 10);
    const created = await makeCreateScheduleItem(m.deps)(a, { title: 'Maths; algebra', date: today, startTime: '08:00', endTime: '09:00' });
    expect(created.ok).to.equal(true);
    const id = created.ok ? created.value.id : '';
    const foreign = await makeUpdateScheduleItem(m.deps)(b, id, { title: 'x' });
    expect(!foreign.ok && foreign.error).to.equal('SCHEDULE_ITEM_NOT_FOUND');
    const { token } = await makeRotateFeedToken(m.deps)(a);
    expect([...m.deps.feedTokenRepository.rows.values()][0]!.tokenHash).to.equal(`digest:${token}`);
    const feed = await makeRenderScheduleFeed(m.deps)(token);
    expect(feed.ok && feed.value)
      .to.include('SUMMARY:Maths\\; algebra')
      .and.include(`UID:${id}@lms.test`)
      .and.include('X-WR-CALNAME:Ana: schedule');
    expect((await makeRenderScheduleFeed(m.deps)('f'.repeat(64))).ok).to.equal(false);
    expect((await makeRenderScheduleFeed(m.deps)('not a token')).ok).to.equal(false);
  });

  it("starts conversations by the policy, reusing a pair's direct conversation", async () => {
    const m = memoryEngagement();
    const student = m.addUser(Role.Student);
    const classmate = m.addUser(Role.Student);
    const parent = m.addUser(Role.Parent);
    const start = makeStartConversation(m.deps);
    const refused = await start(student, { participantIds: [classmate.userId] });
    expect(!refused.ok && refused.error).to.equal('CHAT_FORBIDDEN');
    expect(!(await start(parent, { participantIds: [student.userId] })).ok).to.equal(true);
    await m.learning.deps.parentLinkRepository.link({
      tenantId: m.tenantId,
      parentId: parent.userId,
      studentId: student.userId,
      createdAt: m.clock.now(),
    });
    const first = await start(parent, { participantIds: [student.userId] });
    const again = await start(student, { participantIds: [parent.userId] });
    expect(first.ok && first.value.created).to.equal(true);
    expect(again.ok && !again.value.created && again.value.summary.conversation.id).to.equal(
      first.ok && first.value.summary.conversation.id,
    );
    expect(m.deps.chatRepository.conversations.size).to.equal(1);
    const unknown = await start(parent, { participantIds: ['00000000-0000-4000-8000-999999999999'] });
    expect(!unknown.ok && unknown.error).to.equal('PARTICIPANT_NOT_FOUND');
  });

  it('publishes a sent message to every participant after commit, and pages and marks messages', async () => {
    const { m, mentor, student, outsider, id } = await mentorStudentChat();
    const send = makeSendMessage(m.deps);
    for (const text of ['one', 'two', 'three']) expect((await send(student, id, { content: text, messageType: 'text' })).ok).to.equal(true);
    expect(m.publisher.events).to.have.length(3);
    expect(m.publisher.events[0]).to.deep.include({ tenantId: m.tenantId, type: 'message' });
    expect(m.publisher.events[0]!.recipientIds).to.have.members([mentor.userId, student.userId]);
    const third = m.publisher.events[2]!;
    expect(third.type === 'message' && third.message).to.include({ content: 'three', conversationId: id, senderId: student.userId });
    expect(!(await send(outsider, id, { content: 'x', messageType: 'text' })).ok).to.equal(true);
    expect(m.publisher.events).to.have.length(3);

    const list = makeListMessages(m.deps);
    const p1 = await list(mentor, id, { limit: 2 });
    expect(p1.ok && p1.value.items.map((x) => x.content)).to.deep.equal(['three', 'two']);
    const p2 = await list(mentor, id, { limit: 2, before: p1.ok ? p1.value.nextBefore! : '' });
    expect(p2.ok && p2.value.items.map((x) => x.content)).to.deep.equal(['one']);
    expect(p2.ok && p2.value.hasMore).to.equal(false);
    expect(!(await list(outsider, id, { limit: 2 })).ok).to.equal(true);

    const conversations = await makeListConversations(m.deps)(mentor, page);
    expect(conversations.page.items[0]!.unreadCount).to.equal(3);
    const marked = await makeMarkConversationRead(m.deps)(mentor, id);
    expect(marked.ok && marked.value.unreadCount).to.equal(0);
    const dash = await makeEngagementDashboard(m.deps).contribute(student);
    expect(dash).to.deep.include({ unreadMessages: 0, unreadConversations: 0 });
  });

  it('asks the assistant with the lesson and earlier turns, keeps the exchange, and keeps nothing on failure', async () => {
    const seen: AssistantQuestion[] = [];
    let failing = false;
    const assistant: LessonAssistant = {
      async answer(q) {
        seen.push(structuredClone(q));
        return failing
          ? err('AI_UNAVAILABLE', 'HTTP 503')
          : ok({ reply: `answer ${seen.length}`, sources: [{ excerpt: 'from the lesson' }] });
      },
    };
    const m = memoryEngagement({ assistant });
    const student = m.addUser(Role.Student);
    const outsider = m.addUser(Role.Student);
    const { courseId, lessonIds } = m.learning.addCourse(1);
    await m.learning.deps.enrollmentRepository.insertManyIfAbsent([
      {
        id: '00000000-0000-4000-8000-aaaaaaaaaaaa',
        tenantId: m.tenantId,
        userId: student.userId,
        courseId,
        status: 'active',
        source: 'admin',
        sourceRef: null,
        expiresAt: null,
        createdAt: m.clock.now(),
        updatedAt: m.clock.now(),
      },
    ]);
    const ask = makeAskLessonAssistant(m.deps);
    expect(await ask(student, lessonIds[0]!, 'first?')).to.deep.equal(ok({ reply: 'answer 1', sources: [{ excerpt: 'from the lesson' }] }));
    await ask(student, lessonIds[0]!, 'second?');
    expect(seen[1]!.history).to.deep.equal([
      { role: 'user', content: 'first?' },
      { role: 'assistant', content: 'answer 1' },
    ]);
    expect(seen[1]!.lesson).to.include({ id: lessonIds[0], title: 'L0', content: 'x' });

    failing = true;
    const failed = await ask(student, lessonIds[0]!, 'third?');
    expect(!failed.ok && failed.error).to.equal('AI_UNAVAILABLE');
    const history = await makeListLessonAiMessages(m.deps)(student, lessonIds[0]!, page);
    expect(history.ok && history.value.items.map((x) => x.content)).to.deep.equal(['answer 2', 'second?', 'answer 1', 'first?']);

    const refused = await ask(outsider, lessonIds[0]!, 'x');
    expect(!refused.ok && refused.error).to.equal('NOT_ENROLLED');
    expect(seen).to.have.length(3);
  });
});
