import type { ParentInvitation } from '../../../domain/learning/parent-invitation.js';
import type { ParentInvitationRepository } from '../../../application/learning/ports/parent-invitation-repository.js';
import type { DbDeps } from './base.js';
import { num } from './knex-helpers.js';

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
  async countSince(tenantId, studentId, since) {
    const r = (await db
      .q()('parent_invitations')
      .where({ tenantId, studentId })
      .where('createdAt', '>=', since)
      .count({ n: '*' })
      .first()) as { n: unknown } | undefined;
    return num(r?.n);
  },
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
