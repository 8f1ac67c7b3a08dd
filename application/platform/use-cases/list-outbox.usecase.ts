import type { PageRequest } from '../../shared/ports.js';
import type { MailRepository } from '../ports.js';

type Deps = { mailRepository: MailRepository };

export const makeListOutbox =
  ({ mailRepository }: Deps) =>
  (tenantId: string, filter: { to?: string }, page: PageRequest) =>
    mailRepository.list(tenantId, filter, page);
