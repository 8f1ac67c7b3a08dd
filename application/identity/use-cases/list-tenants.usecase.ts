import type { PageRequest } from '../../shared/ports.js';
import type { TenantAdminDeps } from '../tenant-admin.js';

export const makeListTenants =
  ({ tenantRepository }: Pick<TenantAdminDeps, 'tenantRepository'>) =>
  (page: PageRequest, search?: string) =>
    tenantRepository.list(page, search);
