import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { heldOnLessons } from '../held-work.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * A lesson learners have progress or an assignment submission on is not deleted (their results
 * would go with it). The lesson is locked before the check, so nothing is written on it between
 * the check and the delete.
 */
export const makeDeleteLesson =
  (
    d: Pick<LearningDeps, 'lessonRepository' | 'progressRepository' | 'gradedWorkOnContent' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[id: string], null, 'LESSON_NOT_FOUND' | 'LESSON_IN_USE'> =>
  async (actor, meta, id) =>
    d.uow.run(async () => {
      const lesson = await d.lessonRepository.lock(actor.tenantId, id);
      if (!lesson) return err('LESSON_NOT_FOUND');
      const held = await heldOnLessons(d, actor.tenantId, [id], 0);
      if (held) return err('LESSON_IN_USE', held);
      await d.lessonRepository.delete(actor.tenantId, id);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'lesson.delete',
        resourceType: 'lesson',
        resourceId: id,
        metadata: { module_id: lesson.moduleId },
      });
      return ok(null);
    });
