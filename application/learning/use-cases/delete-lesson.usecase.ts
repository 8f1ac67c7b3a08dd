import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

export const makeDeleteLesson = (d: Pick<LearningDeps, 'lessonRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'LESSON_NOT_FOUND'>> => {
    const lesson = await d.lessonRepository.findById(actor.tenantId, id);
    if (!lesson) return err('LESSON_NOT_FOUND');
    await d.uow.run(async () => {
      await d.lessonRepository.delete(actor.tenantId, id);
      await d.auditLog.record({ tenantId: actor.tenantId, userId: actor.userId, action: 'lesson.delete', resourceType: 'lesson', resourceId: id, ...meta, metadata: { module_id: lesson.moduleId } });
    });
    return ok(null);
  };
