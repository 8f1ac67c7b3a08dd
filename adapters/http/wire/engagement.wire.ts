import { z } from 'zod';
import { MESSAGE_TYPES } from '../../../domain/engagement/chat.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';

/* Wire shapes of the engagement context (see learning.wire.ts for the conventions). */

const day = z.string().meta({ description: 'A calendar day, YYYY-MM-DD', examples: ['2026-12-01'] });
const clock = z.string().meta({ description: 'HH:MM', examples: ['07:30'] });

export const ScheduleItem = z
  .object({
    id,
    title: z.string(),
    description: z.string().nullable(),
    date: day,
    start_time: clock,
    end_time: clock,
    source: z.enum(['personal', 'template']),
    template_id: id.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ScheduleItem' });

export const SchedulePage = pageOf(ScheduleItem).extend({ start_date: day, end_date: day }).meta({ id: 'SchedulePage' });

export const TemplateItem = z
  .object({
    id,
    template_id: id,
    day_offset: z.number().int().meta({ description: '0 = the start date' }),
    title: z.string(),
    description: z.string().nullable(),
    start_time: clock,
    end_time: clock,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ScheduleTemplateItem' });

export const ScheduleTemplate = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    owner_id: id,
    item_count: z.number().int().optional().meta({ description: 'In lists' }),
    items: z.array(TemplateItem).optional().meta({ description: 'In the detail, by day then time' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ScheduleTemplate' });
export const ScheduleTemplatePage = pageOf(ScheduleTemplate).meta({ id: 'ScheduleTemplatePage' });

export const TemplateAssignment = z
  .object({
    template_id: id,
    start_date: day,
    items_created: z.number().int(),
    users: z.array(
      z.object({
        user_id: id,
        assigned: z.boolean().meta({ description: 'False when this template was already assigned from that date' }),
        items_created: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ScheduleTemplateAssignment' });

export const FeedTokenStatus = z.object({ active: z.boolean(), created_at: timestamp.nullable() }).meta({ id: 'FeedTokenStatus' });
export const FeedToken = z
  .object({
    token: z.string(),
    url: z.string().meta({ description: 'Subscribe to it in a calendar app; shown once' }),
    created_at: timestamp,
  })
  .meta({ id: 'FeedToken' });

export const FeedTokenRevoked = z.object({ revoked: z.boolean() });

export const ChatMessage = z
  .object({
    id,
    conversation_id: id,
    sender_id: id,
    content: z.string(),
    message_type: z.enum(MESSAGE_TYPES),
    created_at: z.iso.datetime().meta({ description: 'ISO 8601 UTC time' }),
  })
  .meta({ id: 'ChatMessage' });

export const MessagePage = z
  .object({
    items: z.array(ChatMessage),
    limit: z.number().int(),
    has_more: z.boolean(),
    next_before: id.nullable().meta({ description: 'The `before` of the next (older) page' }),
  })
  .meta({ id: 'ChatMessagePage' });

export const Participant = z
  .object({ id, display_name: z.string(), avatar: z.string().nullable(), role: z.number().int().nullable() })
  .meta({ id: 'ChatParticipant' });

export const Conversation = z
  .object({
    id,
    type: z.enum(['direct', 'group']),
    title: z.string().nullable(),
    participants: z.array(Participant),
    last_message: ChatMessage.nullable(),
    unread_count: z.number().int(),
    last_message_at: timestamp.nullable(),
    created_by: id.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Conversation' });
export const ConversationPage = pageOf(Conversation).meta({ id: 'ConversationPage' });

export const ReadMarker = z.object({ conversation_id: id, unread_count: z.number().int() }).meta({ id: 'ReadMarker' });

const source = z.object({ excerpt: z.string() });
export const AssistantAnswer = z.object({ reply: z.string(), sources: z.array(source) }).meta({ id: 'AssistantAnswer' });
export const AiMessage = z
  .object({ id, lesson_id: id, role: z.enum(['user', 'assistant']), content: z.string(), sources: z.array(source), created_at: timestamp })
  .meta({ id: 'AiMessage' });
export const AiMessagePage = pageOf(AiMessage).meta({ id: 'AiMessagePage' });

/** The dashboard overview's `engagement` section (engagement-dashboard.ts). */
export const EngagementSection = z
  .object({
    today: z.object({
      date: day,
      total: z.number().int().meta({ description: "All of today's items; `items` holds the first ones" }),
      items: z.array(ScheduleItem),
    }),
    unread_messages: z.number().int(),
    unread_conversations: z.number().int(),
  })
  .meta({ id: 'EngagementSection' });
