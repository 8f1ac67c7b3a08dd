import type { StoredFile } from '../../../domain/platform/file-types.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { FileService, IncomingFile } from '../file-service.js';
import type { AuditLog } from '../ports.js';
import { recordAudit } from '../audit.js';

type Deps = { fileService: FileService; auditLog: AuditLog };

/** The file manager's upload (Admin): the size limit was enforced while streaming (contract §9). */
export const makeUploadFile =
  ({ fileService, auditLog }: Deps) =>
  async (actor: Actor, meta: RequestMeta, file: IncomingFile): Promise<StoredFile> => {
    const stored = await fileService.store(actor, file);
    await recordAudit(auditLog, actor, meta, {
      action: 'file.upload',
      resourceType: 'file',
      resourceId: stored.id,
      metadata: { name: stored.originalName, size: stored.size },
    });
    return stored;
  };
