import type { VerificationCodeRepository } from '../../../application/identity/ports/verification-code-repository.js';
import type { DbDeps } from './base.js';
import { tenantTable } from './tenant-table.js';

export const makeVerificationCodePgRepository = ({ db }: DbDeps): VerificationCodeRepository => ({
  async insert(code) {
    await db.q()('verification_codes').insert(code);
  },
  latest: async (tenantId, email) =>
    (await db.q()('verification_codes').where({ tenantId, email }).orderBy('createdAt', 'desc').first()) ?? null,
  countSince: (tenantId, email, since) => tenantTable(db, 'verification_codes').countSince({ tenantId, email }, since),
  async recordAttempt(id) {
    await db.q()('verification_codes').where({ id }).increment('attempts', 1);
  },
  async markUsed(id, at) {
    return (await db.q()('verification_codes').where({ id }).whereNull('used_at').update({ usedAt: at })) === 1;
  },
});
