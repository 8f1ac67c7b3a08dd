import type { Lesson } from '../../../domain/learning/course.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface LessonInput {
  moduleId: string;
  title: string;
  description?: string | null | undefined;
  contentType?: string | undefined;
  contentUrl?: string | null | undefined;
  content?: string | null | undefined;
  duration?: number | undefined;
  /** Default: after the module's last lesson. */
  order?: number | undefined;
}

export const makeCreateLesson =
  (
    d: Pick<LearningDeps, 'moduleRepository' | 'lessonRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[input: LessonInput], Lesson, 'MODULE_NOT_FOUND'> =>
  async (actor, meta, input) => {
    const module = await d.moduleRepository.findById(actor.tenantId, input.moduleId);
    if (!module) return err('MODULE_NOT_FOUND');
    const now = d.clock.now();
    return d.uow.run(async () => {
      const lesson: Lesson = {
        ...newRecord(d.ids, actor.tenantId, now),
        moduleId: module.id,
        courseId: module.courseId,
        title: input.title,
        description: input.description ?? null,
        contentType: input.contentType ?? 'text',
        contentUrl: input.contentUrl ?? null,
        content: input.content ?? null,
        duration: input.duration ?? 0,
        order: input.order ?? (await d.lessonRepository.nextOrder(actor.tenantId, module.id)),
      };
      await d.lessonRepository.insert(lesson);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'lesson.create',
        resourceType: 'lesson',
        resourceId: lesson.id,
        metadata: { module_id: module.id },
      });
      return ok(lesson);
    });
  };
