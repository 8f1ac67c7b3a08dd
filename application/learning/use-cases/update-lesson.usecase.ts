import type { Lesson } from '../../../domain/learning/course.js';
import type { LearningDeps } from '../deps.js';
import type { LessonInput } from './create-lesson.usecase.js';
import { auditedUpdate } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Any subset of the create fields except the module: a lesson stays where its progress is. */
export const makeUpdateLesson = (
  d: Pick<LearningDeps, 'lessonRepository' | 'auditLog' | 'clock' | 'uow'>,
): AuditedCommand<[id: string, changes: Partial<Omit<LessonInput, 'moduleId'>>], Lesson, 'LESSON_NOT_FOUND'> =>
  auditedUpdate(d, d.lessonRepository, 'LESSON_NOT_FOUND', (id, changes) => ({
    action: 'lesson.update',
    resourceType: 'lesson',
    resourceId: id,
    metadata: { fields: Object.keys(changes) },
  }));
