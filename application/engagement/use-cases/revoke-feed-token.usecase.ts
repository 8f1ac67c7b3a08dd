import type { Actor } from '../../shared/actor.js';
import type { EngagementDeps } from '../deps.js';

/** Turns the caller's calendar feed off. */
export const makeRevokeFeedToken =
  (d: Pick<EngagementDeps, 'feedTokenRepository'>) =>
  async (actor: Actor): Promise<{ revoked: boolean }> => ({ revoked: await d.feedTokenRepository.delete(actor.tenantId, actor.userId) });
