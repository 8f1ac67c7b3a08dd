import { checkTemplateItem, type TemplateItem, type TemplateItemError } from '../../../domain/engagement/template.js';
import { merge } from '../../../domain/shared/merge.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { slotProblem } from '../field-problems.js';
import { manageableTemplate } from '../template-access.js';

/** Any subset of an item's fields; the merged item must still be valid. */
export const makeUpdateTemplateItem =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository' | 'clock'>) =>
  async (
    actor: Actor,
    itemId: string,
    changes: Partial<Pick<TemplateItem, 'dayOffset' | 'title' | 'startTime' | 'endTime'>> & { description?: string | null | undefined },
  ): Promise<Result<TemplateItem, TemplateItemError | 'TEMPLATE_ITEM_NOT_FOUND'>> => {
    const found = await d.scheduleTemplateRepository.findItem(actor.tenantId, itemId);
    if (!found || !(await manageableTemplate(d.scheduleTemplateRepository, actor, found.templateId))) return err('TEMPLATE_ITEM_NOT_FOUND');
    const item: TemplateItem = { ...merge(found, changes), updatedAt: d.clock.now() };
    const problem = checkTemplateItem(item);
    if (problem) return err(problem, slotProblem(problem));
    await d.scheduleTemplateRepository.updateItem(item);
    return ok(item);
  };
