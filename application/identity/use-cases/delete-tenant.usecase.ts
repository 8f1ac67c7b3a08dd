import { DEFAULT_TENANT_SLUG } from '../../../domain/identity/tenant.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { forgetResolutionsAfterCommit, type TenantAdminDeps, type TenantError } from '../tenant-admin.js';

/** Deletes the tenant and, by cascade, all of its data and files. The default tenant cannot be deleted (contract §4). */
export const makeDeleteTenant = ({ tenantRepository, tenantCache, auditLog, fileStorage, uow }: TenantAdminDeps) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, TenantError>> =>
    uow.run(async () => {
      const tenant = await tenantRepository.findById(id);
      if (!tenant) return err('TENANT_NOT_FOUND');
      if (tenant.slug === DEFAULT_TENANT_SLUG) return err('DEFAULT_TENANT_PROTECTED');
      await tenantRepository.delete(id);
      await forgetResolutionsAfterCommit({ uow, tenantCache });
      // Its uploaded files go once the rows are gone for good (after commit).
      await uow.afterCommit(() => fileStorage.removeTenant(id));
      // Recorded in the actor's tenant: the deleted tenant's own log is gone with it.
      await auditLog.record({
        tenantId: actor.homeTenantId, userId: actor.userId, action: 'tenant.delete', resourceType: 'tenant', resourceId: id,
        ...meta, metadata: { slug: tenant.slug },
      });
      return ok(null);
    });
