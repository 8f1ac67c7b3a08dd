import type { ParentInvitation } from '../../../domain/learning/parent-invitation.js';
import type { ParentInvitationRepository } from '../../../application/learning/ports/parent-invitation-repository.js';
import type { DbDeps } from './base.js';
import { tenantTable } from './tenant-table.js';

export const makeParentInvitationPgRepository = ({ db }: DbDeps): ParentInvitationRepository => ({
  async insert(invitation) {
    await db.q()('parent_invitations').insert(invitation);
  },
  async retire(tenantId, studentId, email, at) {
    await db
      .q()('parent_invitations')
      .where({ tenantId, studentId, email })
      .whereNull('usedAt')
      .where('expiresAt', '>', at)
      .update({ expiresAt: at });
  },
  countSince: (tenantId, studentId, since) => tenantTable(db, 'parent_invitations').countSince({ tenantId, studentId }, since),
  async findUsable(tokenHash, at) {
    const r = (await db.q()('parent_invitations').where({ tokenHash }).whereNull('usedAt').where('expiresAt', '>', at).first()) as
      ParentInvitation | undefined;
    return r ?? null;
  },
  async consume(tenantId, id, at) {
    const rows = (await db
      .q()('parent_invitations')
      .where({ tenantId, id })
      .whereNull('usedAt')
      .where('expiresAt', '>', at)
      .update({ usedAt: at })
      .returning('id')) as Array<{ id: string }>;
    return rows.length === 1;
  },
});
