import type { StoredFile } from '../../../domain/platform/file-types.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { FileService, IncomingFile } from '../file-service.js';
import type { AuditLog } from '../ports.js';

type Deps = { fileService: FileService; auditLog: AuditLog };

/** The file manager's upload (Admin): the size limit was enforced while streaming (contract §9). */
export const makeUploadFile =
  ({ fileService, auditLog }: Deps) =>
  async (actor: Actor, meta: RequestMeta, file: IncomingFile): Promise<StoredFile> => {
    const stored = await fileService.store(actor, file);
    await auditLog.record({
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'file.upload',
      resourceType: 'file',
      resourceId: stored.id,
      ...meta,
      metadata: { name: stored.originalName, size: stored.size },
    });
    return stored;
  };
