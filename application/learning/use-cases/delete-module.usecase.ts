import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { heldOnLessons } from '../held-work.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * Deletes an empty-handed module with its lessons and quizzes. One whose lessons carry learners'
 * progress or submissions, or whose quizzes have attempts, is refused: their results would go
 * with it. The module, its lessons and its quizzes are locked before the check, so nothing is
 * written on them between the check and the delete.
 */
export const makeDeleteModule =
  (
    d: Pick<LearningDeps, 'moduleRepository' | 'lessonRepository' | 'progressRepository' | 'gradedWorkOnContent' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[id: string], null, 'MODULE_NOT_FOUND' | 'MODULE_IN_USE'> =>
  async (actor, meta, id) =>
    d.uow.run(async () => {
      const module = await d.moduleRepository.lock(actor.tenantId, id);
      if (!module) return err('MODULE_NOT_FOUND');
      const lessonIds = (await d.lessonRepository.listByModule(actor.tenantId, id)).map((l) => l.id);
      const held = await heldOnLessons(d, actor.tenantId, lessonIds, await d.gradedWorkOnContent.attemptsInModule(actor.tenantId, id));
      if (held) return err('MODULE_IN_USE', held);
      await d.moduleRepository.delete(actor.tenantId, id);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'module.delete',
        resourceType: 'module',
        resourceId: id,
        metadata: { course_id: module.courseId },
      });
      return ok(null);
    });
