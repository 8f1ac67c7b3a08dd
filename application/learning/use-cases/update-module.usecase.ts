import type { CourseModule } from '../../../domain/learning/course.js';
import type { LearningDeps } from '../deps.js';
import { auditedUpdate } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Title, description and order; a module stays in its course. */
export const makeUpdateModule = (
  d: Pick<LearningDeps, 'moduleRepository' | 'auditLog' | 'clock' | 'uow'>,
): AuditedCommand<
  [id: string, changes: { title?: string | undefined; description?: string | null | undefined; order?: number | undefined }],
  CourseModule,
  'MODULE_NOT_FOUND'
> =>
  auditedUpdate(d, d.moduleRepository, 'MODULE_NOT_FOUND', (id) => ({ action: 'module.update', resourceType: 'module', resourceId: id }));
