import type { ErrorTable } from '../kit/errors.js';

export const crmErrors: ErrorTable = {
  INTEGRATION_INCOMPLETE: { status: 400, message: 'Invalid parameters' },
  PAGE_ID_TAKEN: { status: 400, message: 'This page is already connected to an integration' },
  GOOGLE_KEY_TAKEN: { status: 400, message: 'This webhook key is already in use' },
  // Webhooks: a caller who cannot prove it is the platform learns nothing else (contract §8).
  INVALID_VERIFY_TOKEN: { status: 403, message: 'Invalid verify token' },
  INVALID_SIGNATURE: { status: 403, message: 'Invalid signature' },
  INVALID_WEBHOOK_KEY: { status: 403, message: 'Invalid webhook key' },
  INVALID_LEAD_PAYLOAD: { status: 400, message: 'Invalid parameters' },
  DELIVERY_NOT_FOUND: { status: 404, message: 'Record not found' },
  DELIVERY_NOT_FAILED: { status: 400, message: 'Only failed deliveries can be retried' },
  LEAD_NOT_FOUND: { status: 404, message: 'Record not found' },
  ASSIGNEE_NOT_FOUND: { status: 400, message: 'Invalid parameters' },
  INVALID_PHONE: { status: 400, message: 'Invalid parameters' },
  UNKNOWN_RULE_USER: { status: 400, message: 'Invalid parameters' },
  DUPLICATE_MEMBER: { status: 400, message: 'Invalid parameters' },
};
