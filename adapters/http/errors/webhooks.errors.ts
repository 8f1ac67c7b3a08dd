import type { ErrorTableOf } from '../kit/errors.js';
import type { WebhooksCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound } = sharedErrors<WebhooksCodes>();

export const webhooksErrors = {
  ...notFound('WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'),
  WEBHOOK_DELIVERY_PENDING: { status: 400, message: 'This delivery is already pending' },
  WEBHOOK_URL_REFUSED: { status: 400, message: 'Webhook URL not allowed' },
} satisfies ErrorTableOf<WebhooksCodes>;
