import type { ErrorTable } from '../kit/errors.js';

export const webhooksErrors: ErrorTable = {
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'Record not found' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Record not found' },
  WEBHOOK_DELIVERY_PENDING: { status: 400, message: 'This delivery is already pending' },
  WEBHOOK_URL_REFUSED: { status: 400, message: 'Webhook URL not allowed' },
};
