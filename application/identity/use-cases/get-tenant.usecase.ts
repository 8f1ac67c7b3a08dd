import { err, ok, type Result } from '../../shared/result.js';
import type { TenantAdminDeps, TenantDetail, TenantError } from '../tenant-admin.js';

export const makeGetTenant =
  ({ tenantRepository, tenantDeletionRepository }: Pick<TenantAdminDeps, 'tenantRepository' | 'tenantDeletionRepository'>) =>
  async (id: string): Promise<Result<TenantDetail, Extract<TenantError, 'TENANT_NOT_FOUND'>>> => {
    const tenant = await tenantRepository.findById(id);
    if (!tenant) return err('TENANT_NOT_FOUND');
    return ok({ ...tenant, deletion: tenant.status === 'deleting' ? await tenantDeletionRepository.progressOf(id) : null });
  };
