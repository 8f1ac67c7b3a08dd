import type { Actor } from '../../shared/actor.js';
import type { EngagementDeps } from '../deps.js';

/**
 * A new calendar feed token for the caller, replacing any previous one (whose feed URL stops
 * working). 256 random bits, shown once; only its SHA-256 digest is stored.
 */
export const makeRotateFeedToken =
  (d: Pick<EngagementDeps, 'feedTokenRepository' | 'secretDigest' | 'random' | 'clock'>) =>
  async (actor: Actor): Promise<{ token: string; createdAt: Date }> => {
    const token = d.random.bytesHex(32);
    const createdAt = d.clock.now();
    await d.feedTokenRepository.save({
      tenantId: actor.tenantId,
      userId: actor.userId,
      tokenHash: d.secretDigest.digest(token),
      createdAt,
    });
    return { token, createdAt };
  };
