import type { PageRequest } from '../../shared/ports.js';
import type { FileRepository } from '../ports.js';

export const makeListFiles =
  ({ fileRepository }: { fileRepository: FileRepository }) =>
  (tenantId: string, search: string | undefined, page: PageRequest) =>
    fileRepository.list(tenantId, { search }, page);
