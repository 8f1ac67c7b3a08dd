import type { ErrorMapping } from '../kit/errors.js';
import type { ErrorCode } from './codes.js';
import { identityErrors } from './identity.errors.js';
import { passkeysErrors } from './passkeys.errors.js';
import { platformErrors } from './platform.errors.js';
import { learningErrors } from './learning.errors.js';
import { crmErrors } from './crm.errors.js';
import { assessmentErrors } from './assessment.errors.js';
import { engagementErrors } from './engagement.errors.js';
import { commerceErrors } from './commerce.errors.js';
import { webhooksErrors } from './webhooks.errors.js';

/**
 * The one table from domain error codes to HTTP (style.md); each context adds its file here.
 * Every code of every use case (codes.ts) must have its entry: one missing fails the type-check.
 */
export const errorTable = {
  ...identityErrors,
  ...passkeysErrors,
  ...platformErrors,
  ...learningErrors,
  ...assessmentErrors,
  ...engagementErrors,
  ...crmErrors,
  ...commerceErrors,
  ...webhooksErrors,
} satisfies Record<ErrorCode, ErrorMapping>;
