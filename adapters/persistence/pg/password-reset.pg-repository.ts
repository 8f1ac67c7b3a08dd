import type { PasswordResetRepository } from '../../../application/identity/ports/password-reset-repository.js';
import type { DbDeps } from './base.js';
import { tenantTable } from './tenant-table.js';

export const makePasswordResetPgRepository = ({ db }: DbDeps): PasswordResetRepository => ({
  async insert(token) {
    await db.q()('password_reset_tokens').insert(token);
  },
  async voidAllOfUser(tenantId, userId, at) {
    await db.q()('password_reset_tokens').where({ tenantId, userId }).whereNull('usedAt').update({ usedAt: at });
  },
  countSince: (tenantId, userId, since) => tenantTable(db, 'password_reset_tokens').countSince({ tenantId, userId }, since),
  async consume(tokenHash, at) {
    const rows = (await db
      .q()('password_reset_tokens')
      .where({ tokenHash })
      .whereNull('usedAt')
      .where('expiresAt', '>', at)
      .update({ usedAt: at })
      .returning(['tenantId', 'userId'])) as Array<{ tenantId: string; userId: string }>;
    return rows[0] ? { tenantId: rows[0].tenantId, userId: rows[0].userId } : null;
  },
});
