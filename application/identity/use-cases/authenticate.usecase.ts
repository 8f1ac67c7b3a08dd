import { err, type Result } from '../../shared/result.js';
import { acceptPrincipal, type AuthenticateError, type AuthenticatedActor } from '../login-claim.js';
import type { IdentityDeps } from '../deps.js';

export type { AuthenticateError } from '../login-claim.js';

export type AuthenticateDeps = Pick<IdentityDeps, 'loginRepository' | 'tokenService' | 'secretDigest' | 'clock'>;
export type Credentials = { bearer?: string | undefined; session?: string | undefined };

/**
 * Bearer token first, else the session cookie (spec "Authentication" 6). The login is read on
 * every request, so logout, refresh-token reuse and deactivation take effect at once, and the
 * role used is the user's current one rather than the one frozen into the token.
 */
export const makeAuthenticate =
  ({ loginRepository, tokenService, secretDigest, clock }: AuthenticateDeps) =>
  async (requestTenantId: string, credentials: Credentials): Promise<Result<AuthenticatedActor, AuthenticateError>> => {
    const now = clock.now();
    if (credentials.bearer !== undefined) {
      const verified = tokenService.verify(credentials.bearer, 'access', now);
      if (!verified.ok) return err(verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN');
      const principal = await loginRepository.principal(verified.claims.sid);
      return acceptPrincipal(principal, { via: 'token', userId: verified.claims.id, tenantId: requestTenantId }, now);
    }
    if (credentials.session !== undefined) {
      const principal = await loginRepository.principalBySession(secretDigest.digest(credentials.session));
      return acceptPrincipal(principal, { via: 'session', tenantId: requestTenantId }, now);
    }
    return err('UNAUTHORIZED');
  };
