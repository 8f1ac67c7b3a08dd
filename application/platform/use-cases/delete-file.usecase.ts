import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuditLog, FileRepository, FileStorage } from '../ports.js';
import { recordAudit } from '../audit.js';

type Deps = { fileRepository: FileRepository; fileStorage: FileStorage; auditLog: AuditLog };

/** The row goes first: a crash in between leaves unreachable bytes, never a row without bytes. */
export const makeDeleteFile =
  ({ fileRepository, fileStorage, auditLog }: Deps) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'FILE_NOT_FOUND'>> => {
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
