import type { ParentLink } from '../../../domain/learning/parent-link.js';
import type { ParentLinkRepository } from '../../../application/learning/ports/parent-link-repository.js';
import type { DbDeps } from './base.js';
import { knexPage, deletedRows, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';

export const makeParentLinkPgRepository = ({ db }: DbDeps): ParentLinkRepository => ({
  async insertCode(code) {
    await db.q()('linking_codes').insert(code);
  },
  async retireCodes(tenantId, studentId, at) {
    await db.q()('linking_codes').where({ tenantId, studentId }).whereNull('usedAt').where('expiresAt', '>', at).update({ expiresAt: at });
  },
  async consumeCode(tenantId, codeHash, parentId, at) {
    // One conditional update: of concurrent redemptions exactly one gets the row back.
    const rows = (await db
      .q()('linking_codes')
      .where({ tenantId, codeHash })
      .whereNull('usedAt')
      .where('expiresAt', '>', at)
      .update({ usedAt: at, usedBy: parentId })
      .returning('studentId')) as Array<{ studentId: string }>;
    if (rows[0]) return { ok: true, studentId: rows[0].studentId };
    const r = await db.q()('linking_codes').where({ tenantId, codeHash }).first();
    return { ok: false, reason: !r ? 'unknown' : r.usedAt ? 'used' : 'expired' };
  },
  link: (link) => tenantTable(db, 'parent_links').insertIfAbsent(link, ['tenant_id', 'parent_id', 'student_id'], 'student_id'),
  async unlink(tenantId, parentId, studentId) {
    return (await deletedRows(db.q()('parent_links').where({ tenantId, parentId, studentId }).delete())) > 0;
  },
  async isLinked(tenantId, parentId, studentId) {
    return (await db.q()('parent_links').where({ tenantId, parentId, studentId }).first()) !== undefined;
  },
  listLinks(tenantId, parentId, page) {
    const q = db.q()('parent_links').where({ tenantId, parentId }).select('*');
    return knexPage(q, page, (link: ParentLink) => link, { order: newestFirst('createdAt', 'studentId') });
  },
  async studentIdsOf(tenantId, parentId) {
    return ((await db.q()('parent_links').where({ tenantId, parentId }).select('studentId')) as Array<{ studentId: string }>).map(
      (r) => r.studentId,
    );
  },
});
