import { withStatus, type Course } from '../../../domain/learning/course.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { CourseInput, CourseWriteError } from './create-course.usecase.js';
import { grantToCategorySubscribers } from '../subscriber-grants.js';
import type { CourseWithCategory } from '../ports/catalog.js';
import { recordAudit } from '../../platform/audit.js';

/** Any subset of the create fields (contract §2). */
export const makeUpdateCourse =
  (
    d: Pick<
      LearningDeps,
      | 'courseRepository'
      | 'categoryRepository'
      | 'categorySubscribers'
      | 'enrollmentRepository'
      | 'domainEvents'
      | 'auditLog'
      | 'clock'
      | 'ids'
      | 'uow'
    >,
  ) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    id: string,
    changes: Partial<CourseInput>,
  ): Promise<Result<CourseWithCategory, CourseWriteError | 'COURSE_NOT_FOUND'>> => {
    const course = await d.courseRepository.findById(actor.tenantId, id);
    if (!course) return err('COURSE_NOT_FOUND');
    const categoryId = changes.categoryId === undefined ? course.categoryId : changes.categoryId;
    const category = categoryId ? await d.categoryRepository.findById(actor.tenantId, categoryId) : null;
    if (categoryId && !category) return err('UNKNOWN_CATEGORY', 'category_id: no such category');
    const now = d.clock.now();
    const pick = <K extends keyof CourseInput & keyof Course>(k: K): Course[K] =>
      changes[k] === undefined ? course[k] : (changes[k] as Course[K]);
    const updated = withStatus(
      {
        ...course,
        title: pick('title'),
        description: pick('description'),
        categoryId: pick('categoryId'),
        difficulty: pick('difficulty'),
        price: pick('price'),
        currency: pick('currency'),
        coverImage: pick('coverImage'),
        updatedAt: now,
      },
      changes.status ?? course.status,
      now,
    );
    await d.uow.run(async () => {
      await d.courseRepository.update(updated);
      if (updated.categoryId !== course.categoryId) await grantToCategorySubscribers(d, updated, now);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'course.update',
        resourceType: 'course',
        resourceId: id,
        metadata: {
          fields: Object.keys(changes).filter((k) => changes[k as keyof CourseInput] !== undefined),
          ...(changes.status ? { status: { from: course.status, to: updated.status } } : {}),
        },
      });
    });
    return ok({ course: updated, category });
  };
