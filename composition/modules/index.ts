import type { AppModule } from '../app-module.js';
import { platformModule } from './platform.module.js';
import { identityModule } from './identity.module.js';
import { passkeysModule } from './passkeys.module.js';
import { learningModule } from './learning.module.js';
import { assessmentModule } from './assessment.module.js';
import { engagementModule } from './engagement.module.js';
import { commerceModule } from './commerce.module.js';
import { crmModule } from './crm.module.js';
import { webhooksModule } from './webhooks.module.js';

/**
 * Every context of the service; a new context adds its module here. Order matters where a later
 * module replaces an earlier one's default port (assessment after learning): it names them in its
 * `overrides`, and any other name registered twice fails start-up (composition/registrations.ts).
 */
export const appModules: AppModule[] = [
  platformModule,
  identityModule,
  passkeysModule,
  learningModule,
  assessmentModule,
  engagementModule,
  commerceModule,
  crmModule,
  webhooksModule,
];
