import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

/** Deletes the module and its lessons (and the progress on them). */
export const makeDeleteModule = (d: Pick<LearningDeps, 'moduleRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'MODULE_NOT_FOUND'>> => {
    const module = await d.moduleRepository.findById(actor.tenantId, id);
    if (!module) return err('MODULE_NOT_FOUND');
    await d.uow.run(async () => {
      await d.moduleRepository.delete(actor.tenantId, id);
      await d.auditLog.record({ tenantId: actor.tenantId, userId: actor.userId, action: 'module.delete', resourceType: 'module', resourceId: id, ...meta, metadata: { course_id: module.courseId } });
    });
    return ok(null);
  };
