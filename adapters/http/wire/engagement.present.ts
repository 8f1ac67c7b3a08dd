import type { z } from 'zod';
import type * as wire from './engagement.wire.js';
import type { ScheduleItem } from '../../../domain/engagement/schedule.js';
import type { ScheduleTemplate, TemplateItem } from '../../../domain/engagement/template.js';
import type { ChatMessage } from '../../../domain/engagement/chat.js';
import type { AiMessage } from '../../../domain/engagement/assistant.js';
import type { LiveEvent } from '../../realtime/realtime-bus.js';
import { leadAssignedView } from './crm.present.js';
import type { User } from '../../../domain/identity/user.js';
import type { EngagementSection } from '../../../application/engagement/engagement-dashboard.js';
import type { MessagePage } from '../../../application/engagement/use-cases/list-messages.usecase.js';
import type { AssignmentOutcome } from '../../../application/engagement/use-cases/assign-schedule-template.usecase.js';
import type { AssistantAnswer } from '../../../application/engagement/ports/lesson-assistant.js';
import type { Page } from '../../../application/shared/ports.js';
import { pageView } from '../kit/schemas.js';
import type { ChatEvent } from '../../../application/engagement/ports/chat-events.js';
import type { ConversationSummary } from '../../../application/engagement/ports/chat-repository.js';

/** Wire views (snake_case); Dates become ISO strings in JSON. */

export const scheduleItemView = (i: ScheduleItem): z.input<typeof wire.ScheduleItem> => ({
  id: i.id,
  title: i.title,
  description: i.description,
  date: i.date,
  start_time: i.startTime,
  end_time: i.endTime,
  source: i.assignmentId || i.templateId ? ('template' as const) : ('personal' as const),
  template_id: i.templateId,
  created_at: i.createdAt,
  updated_at: i.updatedAt,
});

export const templateItemView = (i: TemplateItem): z.input<typeof wire.TemplateItem> => ({
  id: i.id,
  template_id: i.templateId,
  day_offset: i.dayOffset,
  title: i.title,
  description: i.description,
  start_time: i.startTime,
  end_time: i.endTime,
  created_at: i.createdAt,
  updated_at: i.updatedAt,
});

export const templateView = (
  t: ScheduleTemplate,
  extra: { items?: TemplateItem[]; itemCount?: number } = {},
): z.input<typeof wire.ScheduleTemplate> => ({
  id: t.id,
  name: t.name,
  description: t.description,
  owner_id: t.ownerId,
  ...(extra.itemCount !== undefined ? { item_count: extra.itemCount } : {}),
  ...(extra.items ? { items: extra.items.map(templateItemView) } : {}),
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

/** A message as lists and the live stream carry it (JSON-safe: the stream crosses processes). */
export const messageView = (m: ChatMessage): z.input<typeof wire.ChatMessage> => ({
  id: m.id,
  conversation_id: m.conversationId,
  sender_id: m.senderId,
  content: m.content,
  message_type: m.messageType,
  created_at: m.createdAt.toISOString(),
});

export const participantView = (u: Pick<User, 'id' | 'displayName' | 'avatar' | 'role'>): z.input<typeof wire.Participant> => ({
  id: u.id,
  display_name: u.displayName,
  avatar: u.avatar,
  role: u.role,
});

export const conversationView = (
  s: ConversationSummary,
  people: ReadonlyMap<string, Pick<User, 'id' | 'displayName' | 'avatar' | 'role'>>,
): z.input<typeof wire.Conversation> => ({
  id: s.conversation.id,
  type: s.conversation.kind,
  title: s.conversation.title,
  participants: s.participantIds.map((id) => {
    const p = people.get(id);
    return p ? participantView(p) : { id, display_name: 'Deleted user', avatar: null, role: null };
  }),
  last_message: s.lastMessage ? messageView(s.lastMessage) : null,
  unread_count: s.unreadCount,
  last_message_at: s.conversation.lastMessageAt,
  created_by: s.conversation.createdBy,
  created_at: s.conversation.createdAt,
  updated_at: s.conversation.updatedAt,
});

export const aiMessageView = (m: AiMessage): z.input<typeof wire.AiMessage> => ({
  id: m.id,
  lesson_id: m.lessonId,
  role: m.role,
  content: m.content,
  sources: m.sources,
  created_at: m.createdAt,
});

/** A live event as the stream sends it (`event: <type>`, `data: <JSON>`). */
export const presentChatEvent = (e: ChatEvent): LiveEvent => ({
  tenantId: e.tenantId,
  recipientIds: e.recipientIds,
  type: e.type,
  data: e.type === 'message' ? messageView(e.message) : leadAssignedView(e.assignment),
});

/** The `engagement` section of the dashboard overview. */
export const engagementSectionView = (s: EngagementSection): z.input<typeof wire.EngagementSection> => ({
  today: { date: s.today.date, total: s.today.total, items: s.today.items.map(scheduleItemView) },
  unread_messages: s.unreadMessages,
  unread_conversations: s.unreadConversations,
});

/** A day range of the caller's schedule: a page of items and the range it covers. */
export const schedulePageView = (
  found: Page<ScheduleItem> & { startDate: string; endDate: string },
): z.input<typeof wire.SchedulePage> => ({
  ...pageView(found, scheduleItemView),
  start_date: found.startDate,
  end_date: found.endDate,
});

export const feedTokenStatusView = (t: { active: boolean; createdAt: Date | null }): z.input<typeof wire.FeedTokenStatus> => ({
  active: t.active,
  created_at: t.createdAt,
});

/** The token and its feed URL: shown once, when created. */
export const feedTokenView = (t: { token: string; createdAt: Date }, url: string): z.input<typeof wire.FeedToken> => ({
  token: t.token,
  url,
  created_at: t.createdAt,
});

export const feedTokenRevokedView = (x: { revoked: boolean }): z.input<typeof wire.FeedTokenRevoked> => ({ revoked: x.revoked });

export const templateAssignmentView = (a: AssignmentOutcome): z.input<typeof wire.TemplateAssignment> => ({
  template_id: a.templateId,
  start_date: a.startDate,
  items_created: a.itemsCreated,
  users: a.users.map((u) => ({ user_id: u.userId, assigned: u.assigned, items_created: u.itemsCreated })),
});

/** Messages newest first; `limit` is the one asked for. */
export const messagePageView = (page: MessagePage, limit: number): z.input<typeof wire.MessagePage> => ({
  items: page.items.map(messageView),
  limit,
  has_more: page.hasMore,
  next_before: page.nextBefore,
});

export const readMarkerView = (conversationId: string, marked: { unreadCount: number }): z.input<typeof wire.ReadMarker> => ({
  conversation_id: conversationId,
  unread_count: marked.unreadCount,
});

export const assistantAnswerView = (a: AssistantAnswer): z.input<typeof wire.AssistantAnswer> => ({
  reply: a.reply,
  sources: a.sources.map((s) => ({ excerpt: s.excerpt })),
});
