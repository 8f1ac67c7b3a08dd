import type { Actor } from '../../shared/actor.js';
import type { EngagementDeps } from '../deps.js';

/** Whether the caller has a calendar feed token; the token itself cannot be shown again (only its digest is kept). */
export const makeGetFeedToken =
  (d: Pick<EngagementDeps, 'feedTokenRepository'>) =>
  async (actor: Actor): Promise<{ active: boolean; createdAt: Date | null }> => {
    const t = await d.feedTokenRepository.find(actor.tenantId, actor.userId);
    return { active: t !== null, createdAt: t?.createdAt ?? null };
  };
