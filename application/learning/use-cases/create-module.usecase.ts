import type { CourseModule } from '../../../domain/learning/course.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface ModuleInput {
  courseId: string;
  title: string;
  description?: string | null | undefined;
  /** Default: after the last module. */
  order?: number | undefined;
}

export const makeCreateModule =
  (
    d: Pick<LearningDeps, 'courseRepository' | 'moduleRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[input: ModuleInput], CourseModule, 'COURSE_NOT_FOUND'> =>
  async (actor, meta, input) => {
    if (!(await d.courseRepository.findById(actor.tenantId, input.courseId))) return err('COURSE_NOT_FOUND');
    const now = d.clock.now();
    return d.uow.run(async () => {
      const module: CourseModule = {
        ...newRecord(d.ids, actor.tenantId, now),
        courseId: input.courseId,
        title: input.title,
        description: input.description ?? null,
        order: input.order ?? (await d.moduleRepository.nextOrder(actor.tenantId, input.courseId)),
      };
      await d.moduleRepository.insert(module);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'module.create',
        resourceType: 'module',
        resourceId: module.id,
        metadata: { course_id: module.courseId },
      });
      return ok(module);
    });
  };
