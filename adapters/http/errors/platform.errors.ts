import type { ErrorTableOf } from '../kit/errors.js';
import type { PlatformCodes } from './codes.js';

export const platformErrors = {
  FILE_NOT_FOUND: { status: 404, message: 'Record not found' },
  REGION_NOT_FOUND: { status: 404, message: 'Record not found' },
  FILE_REQUIRED: { status: 400, message: 'Invalid parameters' },
  // Mail: broadcasts and the mailer's callbacks (application/platform).
  BROADCAST_NOT_FOUND: { status: 404, message: 'Record not found' },
  MAIL_EVENT_NOT_FOUND: { status: 404, message: 'Record not found' },
  // A mail callback that cannot prove where it comes from changes nothing.
  MAILER_WEBHOOK_DISABLED: { status: 403, message: 'Invalid signature' },
  NO_RECIPIENTS: { status: 400, message: 'No active user matches the broadcast audience' },
  INVALID_CALLBACK: { status: 400, message: 'Invalid parameters' },
} satisfies ErrorTableOf<PlatformCodes>;
