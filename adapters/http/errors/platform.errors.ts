import type { ErrorTableOf } from '../kit/errors.js';
import type { PlatformCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid, invalidSignature } = sharedErrors<PlatformCodes>();

export const platformErrors = {
  ...notFound('FILE_NOT_FOUND', 'REGION_NOT_FOUND'),
  ...invalid('FILE_REQUIRED'),
  // Mail: broadcasts and the mailer's callbacks (application/platform).
  ...notFound('BROADCAST_NOT_FOUND', 'MAIL_EVENT_NOT_FOUND'),
  ...invalid('INVALID_CALLBACK'),
  // A mail callback that cannot prove where it comes from changes nothing.
  ...invalidSignature('MAILER_WEBHOOK_DISABLED'),
  NO_RECIPIENTS: { status: 400, message: 'No active user matches the broadcast audience' },
} satisfies ErrorTableOf<PlatformCodes>;
