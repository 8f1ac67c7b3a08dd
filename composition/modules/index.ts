import type { AppModule } from '../app-module.js';
import { platformModule } from './platform.module.js';
import { identityModule } from './identity.module.js';
import { learningModule } from './learning.module.js';

/** Every context of the service; a new context adds its module here. */
export const appModules: AppModule[] = [platformModule, identityModule, learningModule];
