import { servingTypeOf, STORED_NAME_PATTERN, type StoredFile } from '../../../domain/platform/file-types.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { FileRepository, FileStorage } from '../ports.js';

type Deps = { fileRepository: FileRepository; fileStorage: FileStorage };

export interface FileDownload {
  file: StoredFile;
  contentType: string;
  disposition: 'inline' | 'attachment';
  body: AsyncIterable<Uint8Array>;
}

/**
 * A download by stored name within the tenant. Names that are not ours (`../`, slashes,
 * anything but `<uuid>.<ext>`) never reach the storage: not found.
 */
export const makeOpenFile =
  ({ fileRepository, fileStorage }: Deps) =>
  async (tenantId: string, storedName: string): Promise<Result<FileDownload, 'FILE_NOT_FOUND'>> => {
    if (!STORED_NAME_PATTERN.test(storedName)) return err('FILE_NOT_FOUND');
    const file = await fileRepository.findByStoredName(tenantId, storedName);
    if (!file) return err('FILE_NOT_FOUND');
    const body = await fileStorage.stream(tenantId, file.storedName);
    if (!body) return err('FILE_NOT_FOUND');
    return ok({ file, ...servingTypeOf(file.storedName), body });
  };
