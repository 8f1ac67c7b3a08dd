import { withStatus, type Course, type CourseStatus } from '../../../domain/learning/course.js';
import type { Minor } from '../../../domain/shared/money.js';
import { ok } from '../../shared/result.js';
import { courseCategory, type CourseWriteDeps, type CourseWriteError } from '../course-writes.js';
import type { CourseWithCategory } from '../ports/catalog.js';
import { grantToCategorySubscribers } from '../subscriber-grants.js';
import { recordAudit } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface CourseInput {
  title: string;
  description?: string | null | undefined;
  categoryId?: string | null | undefined;
  difficulty?: string | null | undefined;
  price?: Minor | undefined;
  currency?: string | undefined;
  coverImage?: string | null | undefined;
  status?: CourseStatus | undefined;
}

export const makeCreateCourse =
  (d: CourseWriteDeps): AuditedCommand<[input: CourseInput], CourseWithCategory, CourseWriteError> =>
  async (actor, meta, input) => {
    const category = await courseCategory(d, actor.tenantId, input.categoryId);
    if (!category.ok) return category;
    const now = d.clock.now();
    const draft: Course = {
      ...newRecord(d.ids, actor.tenantId, now),
      title: input.title,
      description: input.description ?? null,
      categoryId: input.categoryId ?? null,
      difficulty: input.difficulty ?? null,
      price: input.price ?? 0n,
      currency: input.currency ?? 'IDR',
      coverImage: input.coverImage ?? null,
      status: 'draft',
      createdBy: actor.userId,
      publishedAt: null,
    };
    const course = withStatus(draft, input.status ?? 'draft', now);
    await d.uow.run(async () => {
      await d.courseRepository.insert(course);
      await grantToCategorySubscribers(d, course, now);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'course.create',
        resourceType: 'course',
        resourceId: course.id,
        metadata: { title: course.title, status: course.status },
      });
    });
    // Answered as GET answers it: with its category (contract: a write answers the record).
    return ok({ course, category: category.value });
  };
