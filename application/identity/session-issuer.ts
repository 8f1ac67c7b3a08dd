import type { User } from '../../domain/identity/user.js';
import type { RequestMeta } from '../shared/actor.js';
import type { Clock, IdGenerator, RandomSource } from '../shared/ports.js';
import type { Login, LoginRepository } from './ports/login-repository.js';
import type { SecretDigest, TokenService } from './ports/security.js';

export interface IssuedSession {
  loginId: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds each token is valid from now, so a client can refresh before expiry without decoding the JWT. */
  expiresIn: number;
  refreshExpiresIn: number;
  /** Opaque cookie value of the session fallback; only its digest is stored. */
  sessionToken: string;
  sessionExpiresAt: Date;
}

type Deps = {
  loginRepository: LoginRepository;
  tokenService: TokenService;
  ids: IdGenerator;
  random: RandomSource;
  secretDigest: SecretDigest;
  clock: Clock;
};

/** Token pairs for a login, shared by password and passkey sign-in and by refresh rotation. */
export const makeSessionIssuer = ({ loginRepository, tokenService, ids, random, secretDigest, clock }: Deps) => {
  const pair = async (user: Pick<User, 'id' | 'username' | 'role' | 'tenantId'>, loginId: string, now: Date) => {
    const base = { id: user.id, username: user.username, role: user.role, tid: user.tenantId, sid: loginId };
    const refreshJti = ids.uuid();
    await loginRepository.addRefreshToken({
      jti: refreshJti,
      loginId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + tokenService.refreshTtlSeconds * 1000),
    });
    return {
      accessToken: tokenService.sign({ ...base, typ: 'access', jti: ids.uuid() }, now),
      refreshToken: tokenService.sign({ ...base, typ: 'refresh', jti: refreshJti }, now),
      expiresIn: tokenService.accessTtlSeconds,
      refreshExpiresIn: tokenService.refreshTtlSeconds,
    };
  };

  return {
    async open(user: User, method: Login['method'], meta: RequestMeta): Promise<IssuedSession> {
      const now = clock.now();
      const sessionToken = random.bytesHex(32);
      // The login lives as long as its refresh chain can: 7 days after the last rotation at most.
      const expiresAt = new Date(now.getTime() + tokenService.refreshTtlSeconds * 1000);
      const login: Login = {
        id: ids.uuid(),
        tenantId: user.tenantId,
        userId: user.id,
        method,
        sessionHash: secretDigest.digest(sessionToken),
        ip: meta.ip,
        userAgent: meta.userAgent,
        createdAt: now,
        expiresAt,
        revokedAt: null,
        revokedReason: null,
      };
      await loginRepository.create(login);
      return { loginId: login.id, ...(await pair(user, login.id, now)), sessionToken, sessionExpiresAt: expiresAt };
    },
    rotate: (user: Pick<User, 'id' | 'username' | 'role' | 'tenantId'>, loginId: string) => pair(user, loginId, clock.now()),
  };
};

export type SessionIssuer = ReturnType<typeof makeSessionIssuer>;
