import type { StoredFile } from '../../domain/platform/file-types.js';
import { extensionOf, STORED_NAME_PATTERN } from '../../domain/platform/file-types.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { FileRepository, FileStorage } from './ports.js';

/** A finished upload in a temporary file (the HTTP edge streamed it there). */
export interface IncomingFile {
  path: string;
  originalName: string;
  mimeType: string;
  size: number;
}

type Deps = { fileStorage: FileStorage; fileRepository: FileRepository; ids: IdGenerator; clock: Clock };

export const DOWNLOAD_PREFIX = '/api/files/download/';

/** Files for every context (certificate backgrounds, attachments): storage plus metadata. */
export const makeFileService = ({ fileStorage, fileRepository, ids, clock }: Deps) => ({
  /** Keeps the upload: bytes first, then the row (a failed insert removes the bytes again). */
  async store(owner: { tenantId: string; userId: string | null }, file: IncomingFile, purpose = 'upload'): Promise<StoredFile> {
    const id = ids.uuid();
    const ext = extensionOf(file.originalName);
    const stored: StoredFile = {
      id,
      tenantId: owner.tenantId,
      storedName: ext ? `${id}.${ext}` : id,
      originalName: file.originalName.slice(0, 255) || 'file',
      mimeType: file.mimeType.slice(0, 120) || 'application/octet-stream',
      size: file.size,
      uploadedBy: owner.userId,
      purpose,
      createdAt: clock.now(),
    };
    await fileStorage.put(owner.tenantId, stored.storedName, file.path);
    try {
      await fileRepository.insert(stored);
    } catch (error) {
      await fileStorage.remove(owner.tenantId, stored.storedName).catch(() => {});
      throw error;
    }
    return stored;
  },

  peek: (file: IncomingFile, bytes: number) => fileStorage.peek(file.path, bytes),

  /** Bytes of a file of the tenant, or null (unknown name, other tenant, `../`). */
  async readBytes(tenantId: string, storedName: string): Promise<Uint8Array | null> {
    if (!STORED_NAME_PATTERN.test(storedName)) return null;
    const row = await fileRepository.findByStoredName(tenantId, storedName);
    return row ? fileStorage.read(tenantId, row.storedName) : null;
  },

  downloadUrl: (storedName: string): string => `${DOWNLOAD_PREFIX}${storedName}`,

  /** The stored name behind one of our download URLs (relative or absolute), else null. */
  storedNameOf(url: string): string | null {
    const i = url.indexOf(DOWNLOAD_PREFIX);
    if (i < 0) return null;
    const name = url.slice(i + DOWNLOAD_PREFIX.length).split(/[?#]/)[0]!;
    return STORED_NAME_PATTERN.test(name) ? name : null;
  },
});

export type FileService = ReturnType<typeof makeFileService>;
