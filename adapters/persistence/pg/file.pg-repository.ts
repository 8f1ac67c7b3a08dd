import type { StoredFile } from '../../../domain/platform/file-types.js';
import type { FileRepository } from '../../../application/platform/ports.js';
import { contains, type DbDeps } from './base.js';
import { knexPage, num, deletedRows } from './knex-helpers.js';

type Row = Record<string, unknown>;

const toFile = (r: Row): StoredFile => ({
  id: r.id as string, tenantId: r.tenantId as string, storedName: r.storedName as string, originalName: r.originalName as string,
  mimeType: r.mimeType as string, size: num(r.size), uploadedBy: r.uploadedBy as string | null, purpose: r.purpose as string, createdAt: r.createdAt as Date,
});

export const makeFilePgRepository = ({ db }: DbDeps): FileRepository => ({
  async insert(file) {
    await db.q()('files').insert(file);
  },
  async findById(tenantId, id) {
    const r = await db.q()('files').where({ tenantId, id }).first();
    return r ? toFile(r) : null;
  },
  async findByStoredName(tenantId, storedName) {
    const r = await db.q()('files').where({ tenantId, storedName }).first();
    return r ? toFile(r) : null;
  },
  list(tenantId, filter, page) {
    const q = db.q()('files').where({ tenantId }).select('*');
    if (filter.search) q.whereILike('originalName', contains(filter.search));
    return knexPage(q.orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]), page, toFile);
  },
  async delete(tenantId, id) {
    return (await deletedRows(db.q()('files').where({ tenantId, id }).delete())) > 0;
  },
});
