import type { StoredFile } from '../../../domain/platform/file-types.js';
import type { FileRepository } from '../../../application/platform/ports.js';
import { contains, type DbDeps } from './base.js';
import { knexPage, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';

/** A `files` row: the entity column for column (`size` is int8, a number on both engines, see knex.ts). */
type FileRow = StoredFile;

declare module 'knex/types/tables.js' {
  interface Tables {
    files: FileRow;
  }
}

export const makeFilePgRepository = ({ db }: DbDeps): FileRepository => {
  const files = tenantTable(db, 'files');
  return {
    insert: files.insert,
    findById: (tenantId, id) => files.find({ tenantId, id }),
    findByStoredName: (tenantId, storedName) => files.find({ tenantId, storedName }),
    list(tenantId, filter, page) {
      const q = db.q()('files').where({ tenantId }).select('*');
      if (filter.search) q.whereILike('originalName', contains(filter.search));
      return knexPage(q, page, (file: StoredFile) => file, { order: newestFirst() });
    },
    delete: files.delete,
  };
};
