import type { RequestMeta } from '../../shared/actor.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

type Deps = Pick<IdentityDeps, 'loginRepository' | 'tokenService' | 'secretDigest' | 'auditLog' | 'clock'>;

/**
 * Ends the login behind a bearer token or a session cookie: its refresh tokens and its still
 * valid access tokens stop working at once. Always succeeds (contract §3): logging out twice,
 * or with a dead token, is not an error the client can act on.
 */
export const makeLogout =
  ({ loginRepository, tokenService, secretDigest, auditLog, clock }: Deps) =>
  async (credentials: { bearer?: string | undefined; session?: string | undefined }, meta: RequestMeta): Promise<void> => {
    const now = clock.now();
    let principal = null;
    if (credentials.bearer) {
      const verified = tokenService.verify(credentials.bearer, 'access', now);
      if (verified.ok) principal = await loginRepository.principal(verified.claims.sid);
    } else if (credentials.session) {
      principal = await loginRepository.principalBySession(secretDigest.digest(credentials.session));
    }
    if (!principal || principal.revokedAt) return;
    await loginRepository.revoke(principal.loginId, 'logout', now);
    await recordAudit(auditLog, principal, meta, { action: 'auth.logout', resourceType: 'login', resourceId: principal.loginId });
  };
