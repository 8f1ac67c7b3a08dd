import type { Knex } from 'knex';
import type { ScheduleItem } from '../../../../domain/engagement/schedule.js';
import type { ScheduleTemplate, TemplateAssignment, TemplateItem } from '../../../../domain/engagement/template.js';
import type { ChatMessage, Conversation } from '../../../../domain/engagement/chat.js';
import type { AiMessage } from '../../../../domain/engagement/assistant.js';
import type { FeedToken } from '../../../../application/engagement/ports/schedule-repositories.js';

/**
 * Rows of schedules, chat and the lesson assistant (conventions in commerce.rows.ts). `date`
 * columns are selected as text (`item_date::text`): both drivers would make a local-midnight Date
 * of them. `bigserial` sequence numbers are int8, numbers on both engines (knex.ts).
 */

export type ScheduleItemRow = Omit<ScheduleItem, 'date'> & { itemDate: string };
export type ScheduleTemplateRow = ScheduleTemplate;
export type TemplateItemRow = TemplateItem;
export type TemplateAssignmentRow = TemplateAssignment;
export type FeedTokenRow = FeedToken;

/** A conversation with the time the list sorts by (its latest message, else its creation). */
export type ConversationRow = Conversation & { lastActivityAt: Date };
export interface ParticipantRow {
  tenantId: string;
  conversationId: string;
  userId: string;
  joinedAt: Date;
  lastReadSeq: number;
  lastReadAt: Date | null;
}
export type ChatMessageRow = ChatMessage;
/** The sequence is the database's to assign. */
export type ChatMessageWrite = Omit<ChatMessage, 'seq'> & { seq?: number };

export type AiMessageRow = AiMessage & { seq: number };
export type AiMessageWrite = Omit<AiMessage, 'sources'> & { sources: string };

declare module 'knex/types/tables.js' {
  interface Tables {
    schedule_items: ScheduleItemRow;
    schedule_templates: ScheduleTemplateRow;
    schedule_template_items: TemplateItemRow;
    schedule_template_assignments: TemplateAssignmentRow;
    schedule_feed_tokens: FeedTokenRow;
    chat_conversations: ConversationRow;
    chat_participants: Knex.CompositeTableType<ParticipantRow, Omit<ParticipantRow, 'lastReadAt'> & { lastReadAt?: Date | null }>;
    chat_messages: Knex.CompositeTableType<ChatMessageRow, ChatMessageWrite>;
    ai_messages: Knex.CompositeTableType<AiMessageRow, AiMessageWrite>;
  }
}
