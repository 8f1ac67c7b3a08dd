import type { Lesson } from '../../../domain/learning/course.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { merge } from '../../shared/merge.js';
import type { LessonInput } from './create-lesson.usecase.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Any subset of the create fields except the module: a lesson stays where its progress is. */
export const makeUpdateLesson =
  (
    d: Pick<LearningDeps, 'lessonRepository' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[id: string, changes: Partial<Omit<LessonInput, 'moduleId'>>], Lesson, 'LESSON_NOT_FOUND'> =>
  async (actor, meta, id, changes) => {
    const lesson = await d.lessonRepository.findById(actor.tenantId, id);
    if (!lesson) return err('LESSON_NOT_FOUND');
    const updated: Lesson = { ...merge(lesson, changes), updatedAt: d.clock.now() };
    await auditedWrite(d, actor, meta, () => d.lessonRepository.update(updated), {
      action: 'lesson.update',
      resourceType: 'lesson',
      resourceId: id,
      metadata: { fields: Object.keys(changes) },
    });
    return ok(updated);
  };
