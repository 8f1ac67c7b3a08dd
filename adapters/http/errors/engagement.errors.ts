import type { ErrorTableOf } from '../kit/errors.js';
import type { EngagementCodes } from './codes.js';

const invalid = { status: 400, message: 'Invalid parameters' };
const notFound = { status: 404, message: 'Record not found' };

/** Engagement (schedules, chat, AI). LESSON_NOT_FOUND and NOT_ENROLLED come from learning's table. */
export const engagementErrors = {
  SCHEDULE_ITEM_NOT_FOUND: notFound,
  SCHEDULE_TEMPLATE_NOT_FOUND: notFound,
  TEMPLATE_ITEM_NOT_FOUND: notFound,
  CONVERSATION_NOT_FOUND: notFound,
  FEED_NOT_FOUND: notFound,
  INVALID_DATE: invalid,
  INVALID_TIME: invalid,
  END_NOT_AFTER_START: invalid,
  INVALID_DAY_OFFSET: invalid,
  RANGE_INVERTED: invalid,
  RANGE_TOO_LONG: invalid,
  TOO_MANY_TEMPLATE_ITEMS: invalid,
  TOO_MANY_ASSIGNEES: invalid,
  ASSIGNEE_NOT_FOUND: invalid,
  ASSIGN_FORBIDDEN: { status: 403, message: 'Insufficient permission' },
  NO_PARTICIPANTS: invalid,
  TOO_MANY_PARTICIPANTS: invalid,
  PARTICIPANT_NOT_FOUND: invalid,
  CHAT_FORBIDDEN: { status: 403, message: 'Insufficient permission' },
  INVALID_MESSAGE: invalid,
  UNKNOWN_CURSOR: invalid,
  UNKNOWN_MESSAGE: invalid,
  AI_UNAVAILABLE: { status: 502, message: 'The AI assistant is unavailable, please try again later' },
} satisfies ErrorTableOf<EngagementCodes>;
