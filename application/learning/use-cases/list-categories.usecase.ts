import type { LearningDeps } from '../deps.js';

/** The tenant's categories by name: a small fixed list (contract §2). */
export const makeListCategories = (d: Pick<LearningDeps, 'categoryRepository'>) => (tenantId: string) =>
  d.categoryRepository.listAll(tenantId);
