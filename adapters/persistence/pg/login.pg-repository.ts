import type { ConsumeOutcome, LoginPrincipal, LoginRepository } from '../../../application/identity/ports/login-repository.js';
import type { DbDeps } from './base.js';
import { prepared } from './knex-helpers.js';

const PRINCIPAL_COLUMNS = [
  'l.id as loginId',
  'l.tenant_id',
  'l.user_id',
  'l.revoked_at',
  'l.expires_at',
  'u.username',
  'u.role',
  'u.status',
] as const;

export const makeLoginPgRepository = ({ db }: DbDeps): LoginRepository => {
  // Prepared: one of these runs on every authenticated request. A name per column, each its own text.
  const principalWhere = async (column: 'l.id' | 'l.session_hash', value: string): Promise<LoginPrincipal | null> => {
    const row = (await db
      .q()('logins as l')
      .join('users as u', 'u.id', 'l.user_id')
      .where(column, value)
      .first(PRINCIPAL_COLUMNS)
      .options(prepared(column === 'l.id' ? 'login_principal' : 'login_principal_by_session'))) as LoginPrincipal | undefined;
    return row ?? null;
  };
  return {
    async create(login) {
      await db.q()('logins').insert(login);
    },
    // Read on every authenticated request, so a revocation or a deactivation counts at once.
    principal: (loginId) => principalWhere('l.id', loginId),
    principalBySession: (hash) => principalWhere('l.session_hash', hash),
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
