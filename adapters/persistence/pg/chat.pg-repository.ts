import type { ChatMessage, Conversation } from '../../../domain/engagement/chat.js';
import type { ChatRepository, ConversationSummary } from '../../../application/engagement/ports/chat-repository.js';
import type { AiMessage, AssistantSource } from '../../../domain/engagement/assistant.js';
import type { AiMessageRepository } from '../../../application/engagement/ports/ai-message-repository.js';
import type { DbDeps } from './base.js';
import { camelColumns, knexPage, num, newestFirst } from './knex-helpers.js';
import type { AiMessageRow, ChatMessageRow } from './rows/engagement.rows.js';

const toConversation = (r: Conversation): Conversation => ({
  id: r.id,
  tenantId: r.tenantId,
  kind: r.kind,
  title: r.title ?? null,
  directKey: r.directKey ?? null,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  lastMessageAt: r.lastMessageAt ?? null,
});

const toMessage = (r: ChatMessageRow): ChatMessage => ({
  id: r.id,
  tenantId: r.tenantId,
  conversationId: r.conversationId,
  senderId: r.senderId,
  content: r.content,
  messageType: r.messageType,
  seq: Number(r.seq),
  createdAt: r.createdAt,
});

/** What the raw queries select (aliased to camelCase, which both engines leave alone). */
type RawResult<R> = { rows: R[] };

/**
 * Raw SQL rows keep their column names on one engine and are camelCased on the other: raw
 * queries alias every column to its camelCase name, which both leave alone.
 */
const MESSAGE_ALIASES = camelColumns('m', [
  'id',
  'tenant_id',
  'conversation_id',
  'sender_id',
  'content',
  'message_type',
  'seq',
  'created_at',
]);

const CONVERSATION_COLUMNS = [
  'c.id',
  'c.tenantId',
  'c.kind',
  'c.title',
  'c.directKey',
  'c.createdBy',
  'c.createdAt',
  'c.updatedAt',
  'c.lastMessageAt',
];

export const makeChatPgRepository = ({ db }: DbDeps): ChatRepository => {
  // The messages a participant has not read: others' messages past their read mark.
  const unreadOf = (tenantId: string, userId: string) =>
    db
      .q()('chat_participants as p')
      .join('chat_messages as m', function () {
        this.on('m.tenantId', 'p.tenantId')
          .andOn('m.conversationId', 'p.conversationId')
          .andOn('m.seq', '>', 'p.lastReadSeq')
          .andOn('m.senderId', '<>', 'p.userId');
      })
      .where({ 'p.tenantId': tenantId, 'p.userId': userId });
  const findDirect = async (tenantId: string, directKey: string) => {
    const r = await db.q()('chat_conversations').where({ tenantId, directKey }).first();
    return r ? toConversation(r) : null;
  };
  const mine = (tenantId: string, userId: string) =>
    db
      .q()({ c: 'chat_conversations' })
      .join({ p: 'chat_participants' }, (j) => j.on('p.tenantId', 'c.tenantId').andOn('p.conversationId', 'c.id'))
      .where('c.tenantId', tenantId)
      .where('p.userId', userId);

  return {
    findDirect,
    async createConversation(c, participantIds) {
      return db.run(async () => {
        const inserted = await db
          .q()('chat_conversations')
          .insert({ ...c, lastActivityAt: c.lastMessageAt ?? c.createdAt })
          .onConflict(['tenant_id', 'direct_key'])
          .ignore()
          .returning('id');
        if (inserted.length === 0) {
          // The pair's direct conversation was created first (maybe a moment ago by a twin request).
          const existing = c.directKey ? await findDirect(c.tenantId, c.directKey) : null;
          if (!existing) throw new Error('conversation insert conflicted without a direct key');
          return { conversation: existing, created: false };
        }
        await db
          .q()('chat_participants')
          .insert(
            [...new Set(participantIds)].map((userId) => ({
              tenantId: c.tenantId,
              conversationId: c.id,
              userId,
              joinedAt: c.createdAt,
              lastReadSeq: 0,
            })),
          );
        return { conversation: c, created: true };
      });
    },
    async findForParticipant(tenantId, conversationId, userId) {
      const r = (await mine(tenantId, userId).where('c.id', conversationId).select(CONVERSATION_COLUMNS).first()) as
        Conversation | undefined;
      return r ? toConversation(r) : null;
    },
    async participantIds(tenantId, conversationId) {
      const rows = (await db
        .q()('chat_participants')
        .where({ tenantId, conversationId })
        .orderBy([{ column: 'joinedAt' }, { column: 'userId' }])
        .select('userId')) as Array<{ userId: string }>;
      return rows.map((r) => r.userId);
    },
    listForUser(tenantId, userId, page) {
      return knexPage(mine(tenantId, userId).select(CONVERSATION_COLUMNS), page, toConversation, {
        order: newestFirst('c.lastActivityAt', 'c.id'),
      });
    },
    async summaries(tenantId, userId, conversations) {
      if (conversations.length === 0) return [];
      const ids = conversations.map((c) => c.id);
      const values = ids.map(() => '(?::uuid)').join(', ');
      // Three queries for any number of conversations: participants, the last message of each
      // (a LATERAL index probe per conversation, never a scan of the history), unread counts.
      const [participants, lastRows, unreadRows] = await Promise.all([
        db
          .q()('chat_participants')
          .where({ tenantId })
          .whereIn('conversationId', ids)
          .orderBy([{ column: 'joinedAt' }, { column: 'userId' }])
          .select('conversationId', 'userId', 'lastReadSeq') as Promise<
          Array<{ conversationId: string; userId: string; lastReadSeq: unknown }>
        >,
        // Raw: a lateral join over a values list, which the builder has no words for.
        db.q().raw(
          `select ${MESSAGE_ALIASES} from (values ${values}) as c(id)
             cross join lateral (select * from chat_messages where tenant_id = ? and conversation_id = c.id order by seq desc limit 1) m`,
          [...ids, tenantId],
        ),
        unreadOf(tenantId, userId)
          .whereIn('p.conversationId', ids)
          .groupBy('p.conversationId')
          .select('p.conversationId')
          .count({ n: 'm.id' }) as Promise<Array<{ conversationId: string; n: number | string }>>,
      ]);
      const last = new Map((lastRows as RawResult<ChatMessageRow>).rows.map((r) => [r.conversationId, toMessage(r)]));
      const unread = new Map(unreadRows.map((r) => [r.conversationId, num(r.n)]));
      return conversations.map((conversation): ConversationSummary => {
        const people = participants.filter((p) => p.conversationId === conversation.id);
        return {
          conversation,
          participantIds: people.map((p) => p.userId),
          lastMessage: last.get(conversation.id) ?? null,
          unreadCount: unread.get(conversation.id) ?? 0,
          lastReadSeq: num(people.find((p) => p.userId === userId)?.lastReadSeq),
        };
      });
    },
    async insertMessage(m) {
      const [row] = await db.q()('chat_messages').insert(m).returning('*');
      await db
        .q()('chat_conversations')
        .where({ tenantId: m.tenantId, id: m.conversationId })
        .update({ lastMessageAt: m.createdAt, lastActivityAt: m.createdAt, updatedAt: m.createdAt });
      return toMessage(row!);
    },
    async findMessage(tenantId, conversationId, messageId) {
      const r = await db.q()('chat_messages').where({ tenantId, conversationId, id: messageId }).first();
      return r ? toMessage(r) : null;
    },
    async listMessages(tenantId, conversationId, options) {
      const q = db.q()('chat_messages').where({ tenantId, conversationId });
      if (options.beforeSeq !== undefined) q.where('seq', '<', options.beforeSeq);
      return (await q.orderBy('seq', 'desc').limit(options.limit)).map(toMessage);
    },
    async messagesAfter(tenantId, userId, afterMessageId, limit) {
      const mine = () =>
        db
          .q()({ m: 'chat_messages' })
          .join({ p: 'chat_participants' }, function () {
            this.on('p.conversation_id', 'm.conversation_id').andOn('p.tenant_id', 'm.tenant_id');
          })
          .where({ 'm.tenant_id': tenantId, 'p.user_id': userId });
      const anchor = (await mine().where('m.id', afterMessageId).first('m.seq')) as { seq: unknown } | undefined;
      if (!anchor) return null;
      return (
        (await mine().where('m.seq', '>', Number(anchor.seq)).orderBy('m.seq', 'asc').limit(limit).select('m.*')) as ChatMessageRow[]
      ).map(toMessage);
    },
    async latestSeq(tenantId, conversationId) {
      const r = (await db.q()('chat_messages').where({ tenantId, conversationId }).max({ s: 'seq' }).first()) as { s: unknown } | undefined;
      return num(r?.s);
    },
    async markRead(tenantId, conversationId, userId, seq, at) {
      await db
        .q()('chat_participants')
        .where({ tenantId, conversationId, userId })
        .where('lastReadSeq', '<', seq)
        .update({ lastReadSeq: seq, lastReadAt: at });
    },
    async unreadTotals(tenantId, userId) {
      const row = (await unreadOf(tenantId, userId)
        .count({ messages: 'm.id' })
        .countDistinct({ conversations: 'm.conversationId' })
        .first()) as { messages: number | string; conversations: number | string } | undefined;
      return { messages: num(row?.messages), conversations: num(row?.conversations) };
    },
  };
};

const toAiMessage = (r: AiMessageRow): AiMessage => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  lessonId: r.lessonId,
  courseId: r.courseId,
  role: r.role,
  content: r.content,
  // jsonb arrives parsed on both engines; text would be a driver that did not.
  sources: typeof r.sources === 'string' ? (JSON.parse(r.sources) as AssistantSource[]) : r.sources,
  createdAt: r.createdAt,
});

export const makeAiMessagePgRepository = ({ db }: DbDeps): AiMessageRepository => {
  const of = (tenantId: string, userId: string, lessonId: string) =>
    db.q()('ai_messages').where({ tenantId, userId, lessonId }).select('*');
  return {
    async insertMany(messages) {
      // One statement each: the sequence then follows the given order (question before answer).
      for (const m of messages)
        await db
          .q()('ai_messages')
          .insert({ ...m, sources: JSON.stringify(m.sources) });
    },
    listForLesson(tenantId, userId, lessonId, page) {
      return knexPage(of(tenantId, userId, lessonId), page, toAiMessage, { order: [{ column: 'seq', order: 'desc' }] });
    },
    async recent(tenantId, userId, lessonId, limit) {
      return (await of(tenantId, userId, lessonId).orderBy('seq', 'desc').limit(limit)).map(toAiMessage);
    },
  };
};
