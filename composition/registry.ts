import type { PlatformRegistry } from '../application/platform/registry.js';
import type { IdentityRegistry } from '../application/identity/registry.js';
import type { PasskeyRegistry } from '../application/identity/passkeys-registry.js';
import type { LearningRegistry } from '../application/learning/registry.js';
import type { AssessmentRegistry } from '../application/assessment/registry.js';
import type { EngagementRegistry } from '../application/engagement/registry.js';
import type { CommerceRegistry } from '../application/commerce/registry.js';
import type { CrmRegistry } from '../application/crm/registry.js';
import type { WebhooksRegistry } from '../application/webhooks/registry.js';

/** The container's names and types: the intersection of the contexts' registries (application/<ctx>/registry.ts). */
export type Registry = PlatformRegistry &
  IdentityRegistry &
  PasskeyRegistry &
  LearningRegistry &
  AssessmentRegistry &
  EngagementRegistry &
  CommerceRegistry &
  CrmRegistry &
  WebhooksRegistry;
