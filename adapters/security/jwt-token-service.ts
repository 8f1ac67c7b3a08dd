import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TokenClaims, TokenService, TokenType, VerifyOutcome } from '../../application/identity/ports/security.js';
import { isRoleLevel } from '../../domain/identity/role.js';
import type { Cache } from '../../application/shared/ports.js';

export const TOKEN_ISSUER = 'lms-crm-service';

/** HS256 JWTs (spec "Authentication" 3-4): access 5 minutes, refresh 7 days, fixed issuer. */
export class JwtTokenService implements TokenService {
  readonly accessTtlSeconds = 5 * 60;
  readonly refreshTtlSeconds = 7 * 24 * 3600;

  /**
   * Given a string, jsonwebtoken first tries it as a PEM public key (an exception per call, about
   * 5 % of a request's CPU); a secret KeyObject made once skips that.
   */
  private readonly secret: KeyObject;

  /**
   * @param verified tokens whose signature and claims were checked, by their exact text. Verifying
   *   an access token again on every request of its five minutes was 8 % of a course page's CPU;
   *   only its expiry can change, and that is checked on every use. Only a byte-identical copy of a
   *   verified token finds an entry, so nothing kept can be forged.
   */
  constructor(
    secret: string,
    private readonly verified: Cache<TokenClaims>,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: Omit<TokenClaims, 'iat' | 'exp' | 'iss'>, now: Date): string {
    const iat = Math.floor(now.getTime() / 1000);
    const ttl = claims.typ === 'access' ? this.accessTtlSeconds : this.refreshTtlSeconds;
    return jwt.sign({ ...claims, iat, exp: iat + ttl, iss: TOKEN_ISSUER }, this.secret, { algorithm: 'HS256' });
  }

  verify(token: string, expected: TokenType, now: Date): VerifyOutcome {
    const known = this.verified.peek(token);
    if (known) {
      // jsonwebtoken's rule: expired from the second of `exp` on.
      if (Math.floor(now.getTime() / 1000) >= known.exp) return { ok: false, reason: 'expired' };
      return known.typ === expected ? { ok: true, claims: { ...known } } : { ok: false, reason: 'invalid' };
    }
    try {
      const payload = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        clockTimestamp: Math.floor(now.getTime() / 1000),
      });
      if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'invalid' };
      const c = payload as Partial<TokenClaims>;
      // A refresh token is never an access token, nor the reverse (contract §3).
      if (
        c.typ !== expected ||
        typeof c.id !== 'string' ||
        typeof c.sid !== 'string' ||
        typeof c.jti !== 'string' ||
        typeof c.tid !== 'string' ||
        typeof c.role !== 'number' ||
        !isRoleLevel(c.role)
      ) {
        return { ok: false, reason: 'invalid' };
      }
      this.verified.put(token, { ...(c as TokenClaims) });
      return { ok: true, claims: c as TokenClaims };
    } catch (error) {
      return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }
}
