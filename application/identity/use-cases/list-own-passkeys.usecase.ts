import type { Passkey } from '../../../domain/identity/passkey.js';
import type { Actor } from '../../shared/actor.js';
import type { PasskeyRepository } from '../ports/passkey-repository.js';

type Deps = { passkeyRepository: PasskeyRepository };

/** The caller's passkeys, newest first; a small fixed list, unpaginated (contract §2). */
export const makeListOwnPasskeys =
  ({ passkeyRepository }: Deps) =>
  (actor: Actor): Promise<Passkey[]> =>
    passkeyRepository.listByUser(actor.homeTenantId, actor.userId);
