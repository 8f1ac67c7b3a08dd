import type { ErrorTableOf } from '../kit/errors.js';
import type { EngagementCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid, forbidden } = sharedErrors<EngagementCodes>();

/** Engagement (schedules, chat, AI). LESSON_NOT_FOUND and NOT_ENROLLED come from learning's table. */
export const engagementErrors = {
  ...notFound(
    'SCHEDULE_ITEM_NOT_FOUND',
    'SCHEDULE_TEMPLATE_NOT_FOUND',
    'TEMPLATE_ITEM_NOT_FOUND',
    'CONVERSATION_NOT_FOUND',
    'FEED_NOT_FOUND',
  ),
  ...invalid(
    'INVALID_DATE',
    'INVALID_TIME',
    'END_NOT_AFTER_START',
    'INVALID_DAY_OFFSET',
    'RANGE_INVERTED',
    'RANGE_TOO_LONG',
    'TOO_MANY_TEMPLATE_ITEMS',
    'TOO_MANY_ASSIGNEES',
    'ASSIGNEE_NOT_FOUND',
    'NO_PARTICIPANTS',
    'TOO_MANY_PARTICIPANTS',
    'PARTICIPANT_NOT_FOUND',
    'INVALID_MESSAGE',
    'UNKNOWN_CURSOR',
    'UNKNOWN_MESSAGE',
  ),
  ...forbidden('ASSIGN_FORBIDDEN', 'CHAT_FORBIDDEN'),
  AI_UNAVAILABLE: { status: 502, message: 'The AI assistant is unavailable, please try again later' },
} satisfies ErrorTableOf<EngagementCodes>;
