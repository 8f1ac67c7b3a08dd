import type { VerificationCode, VerificationCodeRepository } from '../../../application/identity/ports/verification-code-repository.js';
import type { DbDeps } from './base.js';
import { tenantTable } from './tenant-table.js';
import type { VerificationCodeRow } from './rows/identity.rows.js';

const toCode = (m: VerificationCodeRow): VerificationCode => ({
  id: m.id,
  tenantId: m.tenantId,
  email: m.email,
  codeHash: m.codeHash,
  attempts: m.attempts,
  expiresAt: m.expiresAt,
  usedAt: m.usedAt,
  createdAt: m.createdAt,
});

export const makeVerificationCodePgRepository = ({ db }: DbDeps): VerificationCodeRepository => ({
  async insert(code) {
    await db.q()('verification_codes').insert(code);
  },
  async latest(tenantId, email) {
    const m = await db.q()('verification_codes').where({ tenantId, email }).orderBy('createdAt', 'desc').first();
    return m ? toCode(m) : null;
  },
  countSince: (tenantId, email, since) => tenantTable(db, 'verification_codes').countSince({ tenantId, email }, since),
  async recordAttempt(id) {
    await db.q()('verification_codes').where({ id }).increment('attempts', 1);
  },
  async markUsed(id, at) {
    return (await db.q()('verification_codes').where({ id }).whereNull('used_at').update({ usedAt: at })) === 1;
  },
});
