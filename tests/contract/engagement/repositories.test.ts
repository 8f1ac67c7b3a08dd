import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { ScheduleItem } from '../../../domain/engagement/schedule.js';
import type { Conversation } from '../../../domain/engagement/chat.js';
import type { AiMessage } from '../../../domain/engagement/assistant.js';
import type {
  FeedTokenRepository,
  ScheduleItemRepository,
  ScheduleTemplateRepository,
} from '../../../application/engagement/ports/schedule-repositories.js';
import type { ChatRepository } from '../../../application/engagement/ports/chat-repository.js';
import type { AiMessageRepository } from '../../../application/engagement/ports/ai-message-repository.js';
import {
  MemoryAiMessageRepository,
  MemoryChatRepository,
  MemoryFeedTokenRepository,
  MemoryScheduleItemRepository,
  MemoryScheduleTemplateRepository,
} from '../../../adapters/persistence/memory/engagement.memory.js';
import { createCourse, createLesson, createModule } from '../../http/learning/learning-fixtures.js';

interface Env {
  items: ScheduleItemRepository;
  templates: ScheduleTemplateRepository;
  tokens: FeedTokenRepository;
  chat: ChatRepository;
  ai: AiMessageRepository;
  tenant(): Promise<string>;
  user(tenantId: string): Promise<string>;
  /** A lesson id and its course id (ai_messages reference both). */
  lesson(tenantId: string): Promise<{ lessonId: string; courseId: string }>;
}

const pgEnv = async (): Promise<Env> => {
  const h = await harness();
  return {
    items: h.resolve('scheduleItemRepository'),
    templates: h.resolve('scheduleTemplateRepository'),
    tokens: h.resolve('feedTokenRepository'),
    chat: h.resolve('chatRepository'),
    ai: h.resolve('aiMessageRepository'),
    tenant: async () => (await h.tenant()).id,
    user: async (tenantId) => (await h.user({ id: tenantId, slug: '', headers: {} })).id,
    lesson: async (tenantId) => {
      const tenant = (await h.app.db.knex('tenants').where({ id: tenantId }).first()) as { slug: string };
      const admin = await h.user({ id: tenantId, slug: tenant.slug, headers: { 'X-Tenant-ID': tenant.slug } }, Role.Admin);
      const courseId = await createCourse(h, admin);
      return { courseId, lessonId: await createLesson(h, admin, await createModule(h, admin, courseId)) };
    },
  };
};

const memoryEnv = async (): Promise<Env> => {
  const items = new MemoryScheduleItemRepository();
  return {
    items,
    templates: new MemoryScheduleTemplateRepository(items),
    tokens: new MemoryFeedTokenRepository(),
    chat: new MemoryChatRepository(),
    ai: new MemoryAiMessageRepository(),
    tenant: async () => randomUUID(),
    user: async () => randomUUID(),
    lesson: async () => ({ lessonId: randomUUID(), courseId: randomUUID() }),
  };
};

const t0 = new Date('2026-05-01T08:00:00.000Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

for (const [name, make] of [
  ['PostgreSQL', pgEnv],
  ['memory', memoryEnv],
] as const) {
  describe(`engagement repositories contract (${name})`, () => {
    let env: Env;
    before(async () => {
      env = await make();
    });

    const item = (tenantId: string, userId: string, over: Partial<ScheduleItem> = {}): ScheduleItem => ({
      id: randomUUID(),
      tenantId,
      userId,
      title: 'Item',
      description: null,
      date: '2026-05-04',
      startTime: '09:00',
      endTime: '10:00',
      templateId: null,
      assignmentId: null,
      createdAt: t0,
      updatedAt: t0,
      ...over,
    });

    it('schedule items: tenant- and user-scoped, ranged inclusively, ordered by date and time, paged', async () => {
      const tenant = await env.tenant();
      const u = await env.user(tenant);
      const other = await env.user(tenant);
      const rows = [
        item(tenant, u, { title: 'c', date: '2026-05-05', startTime: '08:00', endTime: '09:00' }),
        item(tenant, u, { title: 'b', date: '2026-05-04', startTime: '18:00', endTime: '19:00' }),
        item(tenant, u, { title: 'a', date: '2026-05-04', startTime: '07:00', endTime: '08:00', description: 'first' }),
        item(tenant, u, { title: 'out', date: '2026-05-06' }),
        item(tenant, other, { title: 'theirs', date: '2026-05-04' }),
      ];
      await env.items.insert(rows[0]!);
      await env.items.insertMany(rows.slice(1));
      const page = await env.items.listForUser(tenant, u, { from: '2026-05-04', to: '2026-05-05' }, { page: 1, pageSize: 2 });
      expect(page.total).to.equal(3);
      expect(page.items.map((i) => i.title)).to.deep.equal(['a', 'b']);
      expect(page.items[0]).to.deep.equal(rows[2]);
      expect((await env.items.allForUser(tenant, u, { from: '2026-05-01', to: '2026-05-31' }, 10)).map((i) => i.title)).to.deep.equal([
        'a',
        'b',
        'c',
        'out',
      ]);
      expect(await env.items.findById(await env.tenant(), rows[0]!.id)).to.equal(null);
      const changed = { ...rows[0]!, title: 'changed', date: '2026-06-01', updatedAt: at(5) };
      await env.items.update(changed);
      expect(await env.items.findById(tenant, rows[0]!.id)).to.deep.equal(changed);
      expect(await env.items.delete(await env.tenant(), rows[0]!.id)).to.equal(false);
      expect(await env.items.delete(tenant, rows[0]!.id)).to.equal(true);
      expect(await env.items.delete(tenant, rows[0]!.id)).to.equal(false);
    });

    it('templates: items in plan order, assignments once per key, produced items survive deletion unlinked', async () => {
      const tenant = await env.tenant();
      const owner = await env.user(tenant);
      const u = await env.user(tenant);
      const tpl = { id: randomUUID(), tenantId: tenant, ownerId: owner, name: 'T', description: null, createdAt: t0, updatedAt: t0 };
      await env.templates.insert(tpl);
      const ti = (dayOffset: number, startTime: string, title: string) => ({
        id: randomUUID(),
        tenantId: tenant,
        templateId: tpl.id,
        dayOffset,
        title,
        description: null,
        startTime,
        endTime: '23:00',
        createdAt: t0,
        updatedAt: t0,
      });
      for (const i of [ti(2, '08:00', 'c'), ti(0, '09:00', 'b'), ti(0, '08:00', 'a')]) await env.templates.insertItem(i);
      expect((await env.templates.listItems(tenant, tpl.id)).map((i) => i.title)).to.deep.equal(['a', 'b', 'c']);
      expect(await env.templates.countItems(tenant, tpl.id)).to.equal(3);
      const listed = await env.templates.list(tenant, { ownerId: owner }, { page: 1, pageSize: 10 });
      expect(listed.items).to.deep.equal([tpl]);
      expect((await env.templates.list(tenant, { ownerId: u }, { page: 1, pageSize: 10 })).total).to.equal(0);

      const assignment = {
        id: randomUUID(),
        tenantId: tenant,
        templateId: tpl.id,
        userId: u,
        startDate: '2026-05-04',
        assignedBy: owner,
        createdAt: t0,
      };
      expect(await env.templates.insertAssignment(assignment)).to.equal(true);
      expect(await env.templates.insertAssignment({ ...assignment, id: randomUUID() })).to.equal(false);
      expect(await env.templates.insertAssignment({ ...assignment, id: randomUUID(), startDate: '2026-05-05' })).to.equal(true);
      const produced = item(tenant, u, { templateId: tpl.id, assignmentId: assignment.id });
      await env.items.insert(produced);

      expect(await env.templates.delete(tenant, tpl.id)).to.equal(true);
      expect(await env.templates.findById(tenant, tpl.id)).to.equal(null);
      expect(await env.templates.listItems(tenant, tpl.id)).to.deep.equal([]);
      expect(await env.items.findById(tenant, produced.id)).to.deep.include({ templateId: null, assignmentId: null, title: 'Item' });
    });

    it('feed tokens: one per user, replaced on save, found by digest across tenants', async () => {
      const tenant = await env.tenant();
      const u = await env.user(tenant);
      const hash = randomUUID().replaceAll('-', '').padEnd(64, 'a');
      await env.tokens.save({ tenantId: tenant, userId: u, tokenHash: hash, createdAt: t0 });
      expect(await env.tokens.findByHash(hash)).to.deep.equal({ tenantId: tenant, userId: u, tokenHash: hash, createdAt: t0 });
      const next = hash.replace(/^.{8}/, 'bbbbbbbb');
      await env.tokens.save({ tenantId: tenant, userId: u, tokenHash: next, createdAt: at(1) });
      expect(await env.tokens.findByHash(hash)).to.equal(null);
      expect(await env.tokens.find(tenant, u)).to.deep.include({ tokenHash: next });
      expect(await env.tokens.delete(tenant, u)).to.equal(true);
      expect(await env.tokens.delete(tenant, u)).to.equal(false);
      expect(await env.tokens.find(tenant, u)).to.equal(null);
    });

    it('chat: one direct conversation per pair, participants only, cursors, summaries, forward-only read markers', async () => {
      const tenant = await env.tenant();
      const [a, b, c] = [await env.user(tenant), await env.user(tenant), await env.user(tenant)];
      const key = [a, b].sort().join(':');
      const conv = (over: Partial<Conversation> = {}): Conversation => ({
        id: randomUUID(),
        tenantId: tenant,
        kind: 'direct',
        title: null,
        directKey: key,
        createdBy: a,
        createdAt: t0,
        updatedAt: t0,
        lastMessageAt: null,
        ...over,
      });
      const first = conv();
      expect(await env.chat.createConversation(first, [a, b])).to.deep.equal({ conversation: first, created: true });
      const twin = await env.chat.createConversation(conv({ createdBy: b }), [b, a]);
      expect(twin).to.deep.equal({ conversation: first, created: false });
      expect(await env.chat.findDirect(tenant, key)).to.deep.equal(first);
      const group = conv({ kind: 'group', directKey: null, title: 'G', createdAt: at(1), updatedAt: at(1) });
      await env.chat.createConversation(group, [a, b, c]);

      expect(await env.chat.findForParticipant(tenant, first.id, c)).to.equal(null);
      expect(await env.chat.findForParticipant(await env.tenant(), first.id, a)).to.equal(null);
      expect((await env.chat.participantIds(tenant, group.id)).sort()).to.deep.equal([a, b, c].sort());

      const sent = [];
      for (let i = 0; i < 4; i++)
        sent.push(
          await env.chat.insertMessage({
            id: randomUUID(),
            tenantId: tenant,
            conversationId: first.id,
            senderId: i % 2 ? a : b,
            content: `m${i}`,
            messageType: 'text',
            createdAt: at(10),
          }),
        );
      expect(sent.map((m) => m.seq)).to.satisfy((s: number[]) => s.every((x, i) => i === 0 || x > s[i - 1]!));
      const newest = await env.chat.listMessages(tenant, first.id, { limit: 3 });
      expect(newest.map((m) => m.content)).to.deep.equal(['m3', 'm2', 'm1']);
      expect((await env.chat.listMessages(tenant, first.id, { limit: 3, beforeSeq: newest[2]!.seq })).map((m) => m.content)).to.deep.equal([
        'm0',
      ]);
      expect(await env.chat.findMessage(tenant, group.id, sent[0]!.id)).to.equal(null);
      expect(await env.chat.latestSeq(tenant, first.id)).to.equal(sent[3]!.seq);
      expect(await env.chat.latestSeq(tenant, group.id)).to.equal(0);

      // a's list: the direct conversation (latest activity) first.
      const mine = await env.chat.listForUser(tenant, a, { page: 1, pageSize: 10 });
      expect(mine.items.map((x) => x.id)).to.deep.equal([first.id, group.id]);
      expect(mine.items[0]!.lastMessageAt?.getTime()).to.equal(at(10).getTime());
      const [summary, groupSummary] = await env.chat.summaries(tenant, a, mine.items);
      expect(summary!.lastMessage).to.deep.equal(sent[3]);
      expect(summary!.unreadCount).to.equal(2);
      expect(summary!.participantIds.sort()).to.deep.equal([a, b].sort());
      expect(groupSummary).to.deep.include({ lastMessage: null, unreadCount: 0 });
      expect(await env.chat.unreadTotals(tenant, a)).to.deep.equal({ messages: 2, conversations: 1 });

      await env.chat.markRead(tenant, first.id, a, sent[2]!.seq, at(20));
      await env.chat.markRead(tenant, first.id, a, sent[0]!.seq, at(21));
      expect((await env.chat.summaries(tenant, a, [first]))[0]).to.deep.include({ unreadCount: 0, lastReadSeq: sent[2]!.seq });
      expect(await env.chat.unreadTotals(tenant, b)).to.deep.equal({ messages: 2, conversations: 1 });
      expect((await env.chat.listForUser(tenant, c, { page: 1, pageSize: 10 })).items.map((x) => x.id)).to.deep.equal([group.id]);

      // After a message: every conversation of the user, oldest first, bounded; null for one they cannot see.
      const inGroup = await env.chat.insertMessage({
        id: randomUUID(),
        tenantId: tenant,
        conversationId: group.id,
        senderId: c,
        content: 'g0',
        messageType: 'text',
        createdAt: at(11),
      });
      expect((await env.chat.messagesAfter(tenant, a, sent[1]!.id, 10))!.map((m) => m.content)).to.deep.equal(['m2', 'm3', 'g0']);
      expect((await env.chat.messagesAfter(tenant, a, sent[1]!.id, 2))!.map((m) => m.content)).to.deep.equal(['m2', 'm3']);
      expect(await env.chat.messagesAfter(tenant, c, inGroup.id, 10)).to.deep.equal([]);
      expect(await env.chat.messagesAfter(tenant, c, sent[1]!.id, 10), 'c is not in the direct conversation').to.equal(null);
      expect(await env.chat.messagesAfter(await env.tenant(), a, sent[1]!.id, 10)).to.equal(null);
    });

    it('AI messages: per user and lesson, newest first, question before answer', async () => {
      const tenant = await env.tenant();
      const u = await env.user(tenant);
      const other = await env.user(tenant);
      const { lessonId, courseId } = await env.lesson(tenant);
      const msg = (userId: string, role: 'user' | 'assistant', content: string): AiMessage => ({
        id: randomUUID(),
        tenantId: tenant,
        userId,
        lessonId,
        courseId,
        role,
        content,
        sources: role === 'assistant' ? [{ excerpt: `src ${content}` }] : [],
        createdAt: t0,
      });
      await env.ai.insertMany([msg(u, 'user', 'q1'), msg(u, 'assistant', 'a1')]);
      await env.ai.insertMany([msg(other, 'user', 'x'), msg(u, 'user', 'q2'), msg(u, 'assistant', 'a2')]);
      const page = await env.ai.listForLesson(tenant, u, lessonId, { page: 1, pageSize: 3 });
      expect(page.total).to.equal(4);
      expect(page.items.map((m) => m.content)).to.deep.equal(['a2', 'q2', 'a1']);
      expect(page.items[0]!.sources).to.deep.equal([{ excerpt: 'src a2' }]);
      expect(page.items[1]!.sources).to.deep.equal([]);
      expect((await env.ai.recent(tenant, u, lessonId, 2)).map((m) => m.content)).to.deep.equal(['a2', 'q2']);
      expect((await env.ai.listForLesson(await env.tenant(), u, lessonId, { page: 1, pageSize: 3 })).total).to.equal(0);
    });
  });
}
