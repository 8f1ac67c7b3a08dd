import { err, ok } from '../../shared/result.js';
import type { AuditLog, FileRepository, FileStorage } from '../ports.js';
import { recordAudit } from '../audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = { fileRepository: FileRepository; fileStorage: FileStorage; auditLog: AuditLog };

/** The row goes first: a crash in between leaves unreachable bytes, never a row without bytes. */
export const makeDeleteFile =
  ({ fileRepository, fileStorage, auditLog }: Deps): AuditedCommand<[id: string], null, 'FILE_NOT_FOUND'> =>
  async (actor, meta, id) => {
    const file = await fileRepository.findById(actor.tenantId, id);
    if (!file || !(await fileRepository.delete(actor.tenantId, id))) return err('FILE_NOT_FOUND');
    await fileStorage.remove(actor.tenantId, file.storedName);
    await recordAudit(auditLog, actor, meta, {
      action: 'file.delete',
      resourceType: 'file',
      resourceId: id,
      metadata: { name: file.originalName },
    });
    return ok(null);
  };
