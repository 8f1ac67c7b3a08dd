import type { ErrorTableOf } from '../kit/errors.js';
import type { CrmCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid, invalidSignature } = sharedErrors<CrmCodes>();

export const crmErrors = {
  ...invalid(
    'INTEGRATION_INCOMPLETE',
    // The same answer whether the page or key is unprovable or another tenant's (docs/crm.md).
    'PAGE_NOT_VERIFIED',
    'WEBHOOK_KEY_REFUSED',
    'INVALID_LEAD_PAYLOAD',
    'ASSIGNEE_NOT_FOUND',
    'INVALID_PHONE',
    'UNKNOWN_RULE_USER',
    'DUPLICATE_MEMBER',
  ),
  ...notFound(
    'DELIVERY_NOT_FOUND',
    'LEAD_NOT_FOUND',
    // The user a lead is linked to is a record of the tenant: another tenant's is not found.
    'LINK_USER_NOT_FOUND',
  ),
  META_GRAPH_UNAVAILABLE: { status: 502, message: 'Meta Graph API unavailable' },
  // Webhooks: a caller who cannot prove it is the platform learns nothing else (contract §8).
  INVALID_VERIFY_TOKEN: { status: 403, message: 'Invalid verify token' },
  ...invalidSignature('INVALID_SIGNATURE'),
  INVALID_WEBHOOK_KEY: { status: 403, message: 'Invalid webhook key' },
  DELIVERY_NOT_FAILED: { status: 400, message: 'Only failed deliveries can be retried' },
} satisfies ErrorTableOf<CrmCodes>;
