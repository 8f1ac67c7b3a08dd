import { err, ok, type Result } from '../../shared/result.js';
import { VERIFY_TOKEN_PURPOSE, openSecrets, tooShortForWebhook } from '../integrations.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { SecretBox } from '../ports/security.js';

type Deps = { integrationRepository: IntegrationRepository; secretBox: SecretBox };

export interface SubscriptionChallenge {
  mode: string | undefined;
  verifyToken: string | undefined;
  challenge: string | undefined;
}

/**
 * Meta's webhook verification (contract §8): `hub.mode=subscribe` with a verify token that an
 * enabled Meta integration of any tenant holds answers the challenge. The token's keyed hash
 * finds the candidates; the decrypted token is then compared in constant time.
 */
export const makeVerifyMetaSubscription =
  ({ integrationRepository, secretBox }: Deps) =>
  async (q: SubscriptionChallenge): Promise<Result<string, 'INVALID_VERIFY_TOKEN'>> => {
    // A token saved before the length rule is refused like a wrong one (its integration says to rotate it).
    if (q.mode !== 'subscribe' || !q.verifyToken || tooShortForWebhook(q.verifyToken) || q.challenge === undefined)
      return err('INVALID_VERIFY_TOKEN');
    const candidates = await integrationRepository.findMetaByVerifyTokenHash(secretBox.lookupHash(VERIFY_TOKEN_PURPOSE, q.verifyToken));
    for (const c of candidates) {
      const token = openSecrets(secretBox, c).verify_token;
      if (token && secretBox.equals(token, q.verifyToken)) return ok(q.challenge);
    }
    return err('INVALID_VERIFY_TOKEN');
  };
