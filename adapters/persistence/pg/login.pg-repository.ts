import type { ConsumeOutcome, LoginPrincipal, LoginRepository } from '../../../application/identity/ports/login-repository.js';
import type { DbDeps } from './base.js';
import { epochMs, msDate, msDateOrNull, prepared } from './knex-helpers.js';

/**
 * The principal of a login, by its id or its session's hash: one of these runs on every
 * authenticated request, so it is a fixed text run raw (issue 32): knex's builder would quote and
 * case-map the same identifiers and compile the same text on every call (about 70 µs against 18 µs
 * raw, bench/README.md "Where the time goes"). Its columns carry their camelCase names already.
 */
const principalSql = (column: 'l.id' | 'l.session_hash') =>
  'select l.id as "loginId", l.tenant_id as "tenantId", l.user_id as "userId", l.revoked_at as "revokedAt", ' +
  'l.expires_at as "expiresAt", u.username, u.role, u.status ' +
  `from logins l join users u on u.id = l.user_id where ${column} = ? limit 1`;

/**
 * The principal of a login by its id as one JSON column of another statement (`… as "principal"`),
 * for routes whose statement reads the caller's login (`LoginClaim`); `principalOfJson` reads it back.
 * `login`: the statement's binding of the login's id, or a column bound to it (null: no login, a null principal).
 */
export const principalJsonById = (login: string) =>
  `(select json_build_object('loginId', l.id, 'tenantId', l.tenant_id, 'userId', l.user_id, 'revokedAt', ${epochMs('l.revoked_at')}, ` +
  `'expiresAt', ${epochMs('l.expires_at')}, 'username', u.username, 'role', u.role, 'status', u.status) ` +
  `from logins l join users u on u.id = l.user_id where l.id = ${login})`;

/** Its times as epoch milliseconds (`epochMs`). */
export type PrincipalJson = Omit<LoginPrincipal, 'revokedAt' | 'expiresAt'> & { revokedAt: number | null; expiresAt: number };

export const principalOfJson = (p: PrincipalJson | null): LoginPrincipal | null =>
  p && { ...p, revokedAt: msDateOrNull(p.revokedAt), expiresAt: msDate(p.expiresAt) };

const PRINCIPAL_BY_ID = principalSql('l.id');
const PRINCIPAL_BY_SESSION = principalSql('l.session_hash');

export const makeLoginPgRepository = ({ db }: DbDeps): LoginRepository => {
  // Prepared as well: a name per text.
  const principalWhere = async (byId: boolean, value: string): Promise<LoginPrincipal | null> => {
    const result = await db
      .q()
      .raw(byId ? PRINCIPAL_BY_ID : PRINCIPAL_BY_SESSION, [value])
      .options(prepared(byId ? 'login_principal' : 'login_principal_by_session'));
    return (result as { rows: LoginPrincipal[] }).rows[0] ?? null;
  };
  return {
    async create(login) {
      await db.q()('logins').insert(login);
    },
    // Read on every authenticated request, so a revocation or a deactivation counts at once.
    principal: (loginId) => principalWhere(true, loginId),
    principalBySession: (hash) => principalWhere(false, hash),
    async revoke(loginId, reason, at) {
      await db.q()('logins').where({ id: loginId }).whereNull('revoked_at').update({ revokedAt: at, revokedReason: reason });
    },
    async revokeAllOfUser(userId, reason, at, except) {
      const q = db.q()('logins').where({ userId }).whereNull('revoked_at');
      if (except !== undefined) q.whereNot({ id: except });
      return q.update({ revokedAt: at, revokedReason: reason });
    },
    async addRefreshToken(token) {
      await db.q()('refresh_tokens').insert(token);
      // The login lives as long as its newest refresh token can.
      await db.q()('logins').where({ id: token.loginId }).update({ expiresAt: token.expiresAt });
    },
    async consumeRefreshToken(jti, loginId, at): Promise<ConsumeOutcome> {
      const consumed = await db
        .q()('refresh_tokens')
        .where({ jti, login_id: loginId })
        .whereNull('used_at')
        .update({ usedAt: at })
        .returning('jti');
      if (consumed.length === 1) return 'consumed';
      const known = await db.q()('refresh_tokens').where({ jti, login_id: loginId }).first('jti');
      return known ? 'already_used' : 'unknown';
    },
  };
};
