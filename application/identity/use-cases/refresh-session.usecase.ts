import { UserStatus } from '../../../domain/identity/role.js';
import type { RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

export type RefreshError = 'INVALID_TOKEN';

type Deps = Pick<IdentityDeps, 'loginRepository' | 'tokenService' | 'sessionIssuer' | 'auditLog' | 'clock'>;

/**
 * Rotation with reuse detection (contract §3): each refresh token works once. A second use of
 * the same token means it leaked or a client raced itself; either way the whole login (its token
 * family, access tokens included) is revoked. Of N concurrent refreshes exactly one wins, because
 * the token is consumed by one conditional update.
 */
export const makeRefreshSession =
  ({ loginRepository, tokenService, sessionIssuer, auditLog, clock }: Deps) =>
  async (
    refreshToken: string,
    meta: RequestMeta,
  ): Promise<Result<{ accessToken: string; refreshToken: string; expiresIn: number; refreshExpiresIn: number }, RefreshError>> => {
    const now = clock.now();
    const verified = tokenService.verify(refreshToken, 'refresh', now);
    if (!verified.ok) return err('INVALID_TOKEN');
    const { claims } = verified;
    const principal = await loginRepository.principal(claims.sid);
    if (
      !principal ||
      principal.userId !== claims.id ||
      principal.revokedAt ||
      principal.expiresAt <= now ||
      principal.status !== UserStatus.Active
    ) {
      return err('INVALID_TOKEN');
    }
    const outcome = await loginRepository.consumeRefreshToken(claims.jti, claims.sid, now);
    if (outcome === 'already_used') {
      await loginRepository.revoke(claims.sid, 'refresh_reuse', now);
      await recordAudit(auditLog, principal, meta, {
        action: 'auth.refresh_reuse',
        resourceType: 'login',
        resourceId: claims.sid,
        metadata: { jti: claims.jti },
      });
      return err('INVALID_TOKEN');
    }
    if (outcome === 'unknown') return err('INVALID_TOKEN');
    const pair = await sessionIssuer.rotate(
      { id: principal.userId, username: principal.username, role: principal.role, tenantId: principal.tenantId },
      claims.sid,
    );
    await recordAudit(auditLog, principal, meta, { action: 'auth.refresh', resourceType: 'login', resourceId: claims.sid });
    return ok(pair);
  };
