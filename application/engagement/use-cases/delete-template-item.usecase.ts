import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { manageableTemplate } from '../template-access.js';

export const makeDeleteTemplateItem =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository'>) =>
  async (actor: Actor, itemId: string): Promise<Result<null, 'TEMPLATE_ITEM_NOT_FOUND'>> => {
    const found = await d.scheduleTemplateRepository.findItem(actor.tenantId, itemId);
    if (!found || !(await manageableTemplate(d.scheduleTemplateRepository, actor, found.templateId))) return err('TEMPLATE_ITEM_NOT_FOUND');
    await d.scheduleTemplateRepository.deleteItem(actor.tenantId, itemId);
    return ok(null);
  };
