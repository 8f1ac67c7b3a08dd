import { byOrder, type CourseModule } from '../../../domain/learning/course.js';
import { isExactPermutation } from '../../../domain/learning/reorder.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `module_ids` must be exactly the modules of one course, each once (contract §6): the course
 * is the one of the first id (or `course_id` when given); a foreign, unknown, missing or
 * repeated id is a 400 and nothing changes.
 */
export const makeReorderModules =
  (
    d: Pick<LearningDeps, 'moduleRepository' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[input: { moduleIds: string[]; courseId?: string | undefined }], CourseModule[], 'INVALID_REORDER'> =>
  async (actor, meta, input) => {
    const first = input.moduleIds[0];
    let courseId = input.courseId;
    if (!courseId) {
      const module = first ? await d.moduleRepository.findById(actor.tenantId, first) : null;
      if (!module) return err('INVALID_REORDER', 'module_ids: unknown module');
      courseId = module.courseId;
    }
    const target = courseId;
    return d.uow.run(async () => {
      const current = await d.moduleRepository.listByCourse(actor.tenantId, target);
      if (
        current.length === 0 ||
        !isExactPermutation(
          current.map((m) => m.id),
          input.moduleIds,
        )
      ) {
        return err('INVALID_REORDER', 'module_ids: must list every module of the course exactly once');
      }
      const now = d.clock.now();
      await d.moduleRepository.setOrder(actor.tenantId, target, input.moduleIds, now);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'module.reorder',
        resourceType: 'course',
        resourceId: target,
        metadata: { module_ids: input.moduleIds },
      });
      const rank = new Map(input.moduleIds.map((id, i) => [id, i + 1]));
      return ok(current.map((m) => ({ ...m, order: rank.get(m.id)!, updatedAt: now })).sort(byOrder));
    });
  };
