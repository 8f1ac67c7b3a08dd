import type { CourseModule } from '../../../domain/learning/course.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { merge } from '../../shared/merge.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Title, description and order; a module stays in its course. */
export const makeUpdateModule =
  (
    d: Pick<LearningDeps, 'moduleRepository' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<
    [id: string, changes: { title?: string | undefined; description?: string | null | undefined; order?: number | undefined }],
    CourseModule,
    'MODULE_NOT_FOUND'
  > =>
  async (actor, meta, id, changes) => {
    const module = await d.moduleRepository.findById(actor.tenantId, id);
    if (!module) return err('MODULE_NOT_FOUND');
    const updated: CourseModule = { ...merge(module, changes), updatedAt: d.clock.now() };
    await auditedWrite(d, actor, meta, () => d.moduleRepository.update(updated), {
      action: 'module.update',
      resourceType: 'module',
      resourceId: id,
    });
    return ok(updated);
  };
