import type { ScheduleItem } from '../../domain/engagement/schedule.js';
import type { ScheduleTemplate, TemplateItem } from '../../domain/engagement/template.js';
import type { ChatMessage } from '../../domain/engagement/chat.js';
import type { AiMessage } from '../../domain/engagement/assistant.js';
import type { User } from '../../domain/identity/user.js';
import type { ConversationSummary } from './ports/chat-repository.js';

/** Wire views (snake_case); Dates become ISO strings in JSON. */

export const scheduleItemView = (i: ScheduleItem) => ({
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

export const templateItemView = (i: TemplateItem) => ({
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

export const templateView = (t: ScheduleTemplate, extra: { items?: TemplateItem[]; itemCount?: number } = {}) => ({
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
export const messageView = (m: ChatMessage) => ({
  id: m.id,
  conversation_id: m.conversationId,
  sender_id: m.senderId,
  content: m.content,
  message_type: m.messageType,
  created_at: m.createdAt.toISOString(),
});

export const participantView = (u: Pick<User, 'id' | 'displayName' | 'avatar' | 'role'>) => ({
  id: u.id,
  display_name: u.displayName,
  avatar: u.avatar,
  role: u.role,
});

export const conversationView = (
  s: ConversationSummary,
  people: ReadonlyMap<string, Pick<User, 'id' | 'displayName' | 'avatar' | 'role'>>,
) => ({
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

export const aiMessageView = (m: AiMessage) => ({
  id: m.id,
  lesson_id: m.lessonId,
  role: m.role,
  content: m.content,
  sources: m.sources,
  created_at: m.createdAt,
});
