import { withStatus } from '../../../domain/learning/course.js';
import { err, ok } from '../../shared/result.js';
import { merge } from '../../../domain/shared/merge.js';
import { courseCategory, type CourseWriteDeps, type CourseWriteError } from '../course-writes.js';
import type { CourseInput } from './create-course.usecase.js';
import { grantToCategorySubscribers } from '../subscriber-grants.js';
import type { CourseWithCategory } from '../ports/catalog.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Any subset of the create fields (contract §2). */
export const makeUpdateCourse =
  (
    d: CourseWriteDeps,
  ): AuditedCommand<[id: string, changes: Partial<CourseInput>], CourseWithCategory, CourseWriteError | 'COURSE_NOT_FOUND'> =>
  async (actor, meta, id, changes) => {
    const course = await d.courseRepository.findById(actor.tenantId, id);
    if (!course) return err('COURSE_NOT_FOUND');
    const { status, ...fields } = changes;
    const updated = merge(course, fields);
    const category = await courseCategory(d, actor.tenantId, updated.categoryId);
    if (!category.ok) return category;
    const now = d.clock.now();
    const saved = withStatus({ ...updated, updatedAt: now }, status ?? course.status, now);
    await d.uow.run(async () => {
      await d.courseRepository.update(saved);
      if (saved.categoryId !== course.categoryId) await grantToCategorySubscribers(d, saved, now);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'course.update',
        resourceType: 'course',
        resourceId: id,
        metadata: {
          fields: Object.keys(changes).filter((k) => changes[k as keyof CourseInput] !== undefined),
          ...(status ? { status: { from: course.status, to: saved.status } } : {}),
        },
      });
    });
    return ok({ course: saved, category: category.value });
  };
