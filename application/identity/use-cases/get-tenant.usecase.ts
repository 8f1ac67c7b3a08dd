import type { Tenant } from '../../../domain/identity/tenant.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TenantAdminDeps, TenantError } from '../tenant-admin.js';

export const makeGetTenant = ({ tenantRepository }: Pick<TenantAdminDeps, 'tenantRepository'>) =>
  async (id: string): Promise<Result<Tenant, TenantError>> => {
    const tenant = await tenantRepository.findById(id);
    return tenant ? ok(tenant) : err('TENANT_NOT_FOUND');
  };
