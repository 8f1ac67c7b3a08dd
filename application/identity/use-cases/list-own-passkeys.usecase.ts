import type { Passkey } from '../../../domain/identity/passkey.js';
import type { Actor } from '../../shared/actor.js';
import type { IdentityDeps } from '../deps.js';

type Deps = Pick<IdentityDeps, 'passkeyRepository'>;

/** The caller's passkeys, newest first; a small fixed list, unpaginated (contract §2). */
export const makeListOwnPasskeys =
  ({ passkeyRepository }: Deps) =>
  (actor: Actor): Promise<Passkey[]> =>
    passkeyRepository.listByUser(actor.homeTenantId, actor.userId);
