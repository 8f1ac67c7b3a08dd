import type { ErrorTableOf } from '../kit/errors.js';
import type { CrmCodes } from './codes.js';

export const crmErrors = {
  INTEGRATION_INCOMPLETE: { status: 400, message: 'Invalid parameters' },
  // The same answer whether the page or key is unprovable or another tenant's (docs/crm.md).
  PAGE_NOT_VERIFIED: { status: 400, message: 'Invalid parameters' },
  WEBHOOK_KEY_REFUSED: { status: 400, message: 'Invalid parameters' },
  META_GRAPH_UNAVAILABLE: { status: 502, message: 'Meta Graph API unavailable' },
  // Webhooks: a caller who cannot prove it is the platform learns nothing else (contract §8).
  INVALID_VERIFY_TOKEN: { status: 403, message: 'Invalid verify token' },
  INVALID_SIGNATURE: { status: 403, message: 'Invalid signature' },
  INVALID_WEBHOOK_KEY: { status: 403, message: 'Invalid webhook key' },
  INVALID_LEAD_PAYLOAD: { status: 400, message: 'Invalid parameters' },
  DELIVERY_NOT_FOUND: { status: 404, message: 'Record not found' },
  DELIVERY_NOT_FAILED: { status: 400, message: 'Only failed deliveries can be retried' },
  LEAD_NOT_FOUND: { status: 404, message: 'Record not found' },
  ASSIGNEE_NOT_FOUND: { status: 400, message: 'Invalid parameters' },
  // The user a lead is linked to is a record of the tenant: another tenant's is not found.
  LINK_USER_NOT_FOUND: { status: 404, message: 'Record not found' },
  INVALID_PHONE: { status: 400, message: 'Invalid parameters' },
  UNKNOWN_RULE_USER: { status: 400, message: 'Invalid parameters' },
  DUPLICATE_MEMBER: { status: 400, message: 'Invalid parameters' },
} satisfies ErrorTableOf<CrmCodes>;
