import { compareItems, type ScheduleItem } from '../../../domain/engagement/schedule.js';
import {
  compareTemplateItems,
  type ScheduleTemplate,
  type TemplateAssignment,
  type TemplateItem,
} from '../../../domain/engagement/template.js';
import type { ChatMessage, Conversation } from '../../../domain/engagement/chat.js';
import type { AiMessage } from '../../../domain/engagement/assistant.js';
import type {
  DayRange,
  FeedToken,
  FeedTokenRepository,
  ScheduleItemRepository,
  ScheduleTemplateRepository,
  TemplateFilter,
} from '../../../application/engagement/ports/schedule-repositories.js';
import type { ChatRepository, ConversationSummary } from '../../../application/engagement/ports/chat-repository.js';
import type { AiMessageRepository } from '../../../application/engagement/ports/ai-message-repository.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { MemoryTenantRows } from './tenant-rows.js';

/** In-memory engagement adapters for use-case tests; tests/contract/engagement keeps them in step with PostgreSQL. */
export class MemoryScheduleItemRepository implements ScheduleItemRepository {
  readonly rows = new Map<string, ScheduleItem>();
  async insert(item: ScheduleItem) {
    this.rows.set(item.id, clone(item));
  }
  async insertMany(items: readonly ScheduleItem[]) {
    for (const i of items) this.rows.set(i.id, clone(i));
  }
  async findById(tenantId: string, id: string) {
    const r = this.rows.get(id);
    return r && r.tenantId === tenantId ? clone(r) : null;
  }
  async update(item: ScheduleItem) {
    if (this.rows.get(item.id)?.tenantId === item.tenantId) this.rows.set(item.id, clone(item));
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId !== tenantId) return false;
    return this.rows.delete(id);
  }
  private ranged(tenantId: string, userId: string, range: DayRange) {
    return [...this.rows.values()]
      .filter((r) => r.tenantId === tenantId && r.userId === userId && r.date >= range.from && r.date <= range.to)
      .sort(compareItems)
      .map(clone);
  }
  async listForUser(tenantId: string, userId: string, range: DayRange, page: PageRequest) {
    return pageOf(this.ranged(tenantId, userId, range), page);
  }
  async allForUser(tenantId: string, userId: string, range: DayRange, limit: number) {
    return this.ranged(tenantId, userId, range).slice(0, limit);
  }
}

export class MemoryScheduleTemplateRepository extends MemoryTenantRows<ScheduleTemplate> implements ScheduleTemplateRepository {
  readonly templates = this.rows;
  /** The template items, read and written by id as the templates are. */
  private readonly itemRows = new MemoryTenantRows<TemplateItem>();
  readonly items = this.itemRows.rows;
  readonly assignments = new Map<string, TemplateAssignment>();
  /** Deleting a template nulls the links of the schedule items it produced, as the foreign keys do. */
  constructor(private readonly scheduleItems?: MemoryScheduleItemRepository) {
    super();
  }

  async delete(tenantId: string, id: string) {
    if (this.templates.get(id)?.tenantId !== tenantId) return false;
    this.templates.delete(id);
    for (const [k, i] of this.items) if (i.templateId === id) this.items.delete(k);
    const gone = new Set<string>();
    for (const [k, a] of this.assignments)
      if (a.templateId === id) {
        gone.add(a.id);
        this.assignments.delete(k);
      }
    for (const item of this.scheduleItems?.rows.values() ?? []) {
      if (item.templateId === id) item.templateId = null;
      if (item.assignmentId && gone.has(item.assignmentId)) item.assignmentId = null;
    }
    return true;
  }
  async list(tenantId: string, filter: TemplateFilter, page: PageRequest) {
    const all = [...this.templates.values()]
      .filter((t) => t.tenantId === tenantId && (!filter.ownerId || t.ownerId === filter.ownerId))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  insertItem(item: TemplateItem) {
    return this.itemRows.insert(item);
  }
  findItem(tenantId: string, itemId: string) {
    return this.itemRows.findById(tenantId, itemId);
  }
  updateItem(item: TemplateItem) {
    return this.itemRows.update(item);
  }
  async deleteItem(tenantId: string, itemId: string) {
    if (this.items.get(itemId)?.tenantId !== tenantId) return false;
    return this.items.delete(itemId);
  }
  async listItems(tenantId: string, templateId: string) {
    return this.itemRows.listWhere({ tenantId, templateId }, compareTemplateItems);
  }
  async countItems(tenantId: string, templateId: string) {
    return (await this.listItems(tenantId, templateId)).length;
  }
  async insertAssignment(a: TemplateAssignment) {
    const taken = [...this.assignments.values()].some(
      (x) => x.tenantId === a.tenantId && x.templateId === a.templateId && x.userId === a.userId && x.startDate === a.startDate,
    );
    if (taken) return false;
    this.assignments.set(a.id, clone(a));
    return true;
  }
}

export class MemoryFeedTokenRepository implements FeedTokenRepository {
  readonly rows = new Map<string, FeedToken>();
  async save(token: FeedToken) {
    for (const [k, t] of this.rows)
      if (t.tokenHash === token.tokenHash && k !== `${token.tenantId}:${token.userId}`) throw new Error('duplicate token hash');
    this.rows.set(`${token.tenantId}:${token.userId}`, clone(token));
  }
  async find(tenantId: string, userId: string) {
    const t = this.rows.get(`${tenantId}:${userId}`);
    return t ? clone(t) : null;
  }
  async findByHash(tokenHash: string) {
    const t = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    return t ? clone(t) : null;
  }
  async delete(tenantId: string, userId: string) {
    return this.rows.delete(`${tenantId}:${userId}`);
  }
}

interface Participant {
  tenantId: string;
  conversationId: string;
  userId: string;
  joinedAt: Date;
  lastReadSeq: number;
  lastReadAt: Date | null;
}

export class MemoryChatRepository implements ChatRepository {
  readonly conversations = new Map<string, Conversation>();
  readonly participants: Participant[] = [];
  readonly messages: ChatMessage[] = [];
  private seq = 0;

  private isParticipant(tenantId: string, conversationId: string, userId: string) {
    return this.participants.some((p) => p.tenantId === tenantId && p.conversationId === conversationId && p.userId === userId);
  }
  private activity = (c: Conversation) => (c.lastMessageAt ?? c.createdAt).getTime();

  async createConversation(c: Conversation, participantIds: readonly string[]) {
    if (c.directKey) {
      const existing = await this.findDirect(c.tenantId, c.directKey);
      if (existing) return { conversation: existing, created: false };
    }
    this.conversations.set(c.id, clone(c));
    for (const userId of new Set(participantIds))
      this.participants.push({
        tenantId: c.tenantId,
        conversationId: c.id,
        userId,
        joinedAt: c.createdAt,
        lastReadSeq: 0,
        lastReadAt: null,
      });
    return { conversation: clone(c), created: true };
  }
  async findDirect(tenantId: string, directKey: string) {
    const c = [...this.conversations.values()].find((x) => x.tenantId === tenantId && x.directKey === directKey);
    return c ? clone(c) : null;
  }
  async findForParticipant(tenantId: string, conversationId: string, userId: string) {
    const c = this.conversations.get(conversationId);
    return c && c.tenantId === tenantId && this.isParticipant(tenantId, conversationId, userId) ? clone(c) : null;
  }
  async participantIds(tenantId: string, conversationId: string) {
    return this.participants.filter((p) => p.tenantId === tenantId && p.conversationId === conversationId).map((p) => p.userId);
  }
  async listForUser(tenantId: string, userId: string, page: PageRequest) {
    const all = [...this.conversations.values()]
      .filter((c) => c.tenantId === tenantId && this.isParticipant(tenantId, c.id, userId))
      .sort((a, b) => this.activity(b) - this.activity(a) || (a.id < b.id ? 1 : -1));
    return pageOf(all.map(clone), page);
  }
  async summaries(tenantId: string, userId: string, conversations: readonly Conversation[]) {
    return conversations.map((conversation): ConversationSummary => {
      const mine = this.participants.find((p) => p.tenantId === tenantId && p.conversationId === conversation.id && p.userId === userId);
      const lastReadSeq = mine?.lastReadSeq ?? 0;
      const msgs = this.messages.filter((m) => m.tenantId === tenantId && m.conversationId === conversation.id);
      const last = msgs.reduce<ChatMessage | null>((a, m) => (!a || m.seq > a.seq ? m : a), null);
      return {
        conversation: clone(conversation),
        participantIds: this.participants
          .filter((p) => p.tenantId === tenantId && p.conversationId === conversation.id)
          .map((p) => p.userId),
        lastMessage: last ? clone(last) : null,
        unreadCount: mine ? msgs.filter((m) => m.seq > lastReadSeq && m.senderId !== userId).length : 0,
        lastReadSeq,
      };
    });
  }
  async insertMessage(m: Omit<ChatMessage, 'seq'>) {
    const message: ChatMessage = { ...clone(m), seq: ++this.seq };
    this.messages.push(message);
    const c = this.conversations.get(m.conversationId);
    if (c && c.tenantId === m.tenantId) Object.assign(c, { lastMessageAt: m.createdAt, updatedAt: m.createdAt });
    return clone(message);
  }
  async findMessage(tenantId: string, conversationId: string, messageId: string) {
    const m = this.messages.find((x) => x.tenantId === tenantId && x.conversationId === conversationId && x.id === messageId);
    return m ? clone(m) : null;
  }
  async listMessages(tenantId: string, conversationId: string, options: { beforeSeq?: number | undefined; limit: number }) {
    return this.messages
      .filter(
        (m) =>
          m.tenantId === tenantId && m.conversationId === conversationId && (options.beforeSeq === undefined || m.seq < options.beforeSeq),
      )
      .sort((a, b) => b.seq - a.seq)
      .slice(0, options.limit)
      .map(clone);
  }
  async messagesAfter(tenantId: string, userId: string, afterMessageId: string, limit: number) {
    const mine = new Set(this.participants.filter((p) => p.tenantId === tenantId && p.userId === userId).map((p) => p.conversationId));
    const anchor = this.messages.find((m) => m.tenantId === tenantId && m.id === afterMessageId && mine.has(m.conversationId));
    if (!anchor) return null;
    return this.messages
      .filter((m) => m.tenantId === tenantId && mine.has(m.conversationId) && m.seq > anchor.seq)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit)
      .map(clone);
  }
  async latestSeq(tenantId: string, conversationId: string) {
    return this.messages
      .filter((m) => m.tenantId === tenantId && m.conversationId === conversationId)
      .reduce((s, m) => Math.max(s, m.seq), 0);
  }
  async markRead(tenantId: string, conversationId: string, userId: string, seq: number, at: Date) {
    const p = this.participants.find((x) => x.tenantId === tenantId && x.conversationId === conversationId && x.userId === userId);
    if (p && p.lastReadSeq < seq) Object.assign(p, { lastReadSeq: seq, lastReadAt: at });
  }
  async unreadTotals(tenantId: string, userId: string) {
    let messages = 0;
    let conversations = 0;
    for (const p of this.participants.filter((x) => x.tenantId === tenantId && x.userId === userId)) {
      const n = this.messages.filter(
        (m) => m.tenantId === tenantId && m.conversationId === p.conversationId && m.seq > p.lastReadSeq && m.senderId !== userId,
      ).length;
      messages += n;
      if (n) conversations++;
    }
    return { messages, conversations };
  }
}

export class MemoryAiMessageRepository implements AiMessageRepository {
  readonly rows: Array<AiMessage & { seq: number }> = [];
  private seq = 0;
  async insertMany(messages: readonly AiMessage[]) {
    for (const m of messages) this.rows.push({ ...clone(m), seq: ++this.seq });
  }
  private of(tenantId: string, userId: string, lessonId: string) {
    return this.rows
      .filter((r) => r.tenantId === tenantId && r.userId === userId && r.lessonId === lessonId)
      .sort((a, b) => b.seq - a.seq)
      .map(({ seq: _seq, ...m }) => clone(m));
  }
  async listForLesson(tenantId: string, userId: string, lessonId: string, page: PageRequest) {
    return pageOf(this.of(tenantId, userId, lessonId), page);
  }
  async recent(tenantId: string, userId: string, lessonId: string, limit: number) {
    return this.of(tenantId, userId, lessonId).slice(0, limit);
  }
}
