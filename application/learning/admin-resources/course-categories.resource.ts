import { slugify } from '../../../domain/learning/admin-resources.js';
import type { Category } from '../../../domain/learning/course.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { audit, type AdminResource } from './common.js';
import { merge } from '../../../domain/shared/merge.js';
import { newRecord } from '../../shared/records.js';

export interface CategoryInput {
  name: string;
  slug?: string | undefined;
  description?: string | null | undefined;
}

/** Categories: the slug (from the name unless given) is unique per tenant; one in use is never deleted. */
export const makeCourseCategoriesResource = (
  d: Pick<LearningDeps, 'categoryRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
): AdminResource<Category, CategoryInput, Partial<CategoryInput>> => ({
  list: (tenantId, query, page) => d.categoryRepository.list(tenantId, query.search, page),
  async create(actor, meta, input) {
    const now = d.clock.now();
    const category: Category = {
      ...newRecord(d.ids, actor.tenantId, now),
      name: input.name,
      slug: slugify(input.slug ?? input.name),
      description: input.description ?? null,
    };
    return d.uow.run(async () => {
      if (!(await d.categoryRepository.insert(category))) return err('DUPLICATE_RECORD', 'slug: already used by another category');
      await audit(d, actor, meta, 'course-categories', 'create', category.id, { name: category.name });
      return ok(category);
    });
  },
  async update(actor, meta, id, input) {
    const current = await d.categoryRepository.findById(actor.tenantId, id);
    if (!current) return err('RECORD_NOT_FOUND');
    const updated = {
      ...merge(current, { name: input.name, description: input.description }),
      slug: input.slug ? slugify(input.slug) : current.slug,
      updatedAt: d.clock.now(),
    };
    return d.uow.run(async () => {
      if (!(await d.categoryRepository.update(updated))) return err('DUPLICATE_RECORD', 'slug: already used by another category');
      await audit(d, actor, meta, 'course-categories', 'update', id);
      return ok(updated);
    });
  },
  async remove(actor, meta, id) {
    return d.uow.run(async () => {
      if (!(await d.categoryRepository.findById(actor.tenantId, id))) return err('RECORD_NOT_FOUND');
      if (await d.categoryRepository.isInUse(actor.tenantId, id)) return err('CATEGORY_IN_USE');
      await d.categoryRepository.delete(actor.tenantId, id);
      await audit(d, actor, meta, 'course-categories', 'delete', id);
      return ok(null);
    });
  },
});
