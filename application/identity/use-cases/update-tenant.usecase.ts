import { DEFAULT_TENANT_SLUG, type Tenant, type TenantStatus } from '../../../domain/identity/tenant.js';
import { err, ok } from '../../shared/result.js';
import { forgetResolutionsAfterCommit, type TenantAdminDeps, type TenantError } from '../tenant-admin.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type UpdateTenant = AuditedCommand<
  [id: string, changes: { slug?: string | undefined; name?: string | undefined; status?: TenantStatus | undefined }],
  Tenant,
  TenantError
>;

export const makeUpdateTenant =
  ({ tenantRepository, tenantCache, auditLog, clock, uow }: TenantAdminDeps): UpdateTenant =>
  async (actor, meta, id, changes) =>
    uow.run(async () => {
      const tenant = await tenantRepository.findById(id);
      // A tenant being deleted is as good as gone: nothing is changed on its way out.
      if (!tenant || tenant.status === 'deleting') return err('TENANT_NOT_FOUND');
      // The default tenant is where requests without a tenant land: it keeps its slug and stays on.
      if (tenant.slug === DEFAULT_TENANT_SLUG && ((changes.slug && changes.slug !== tenant.slug) || changes.status === 'disabled')) {
        return err('DEFAULT_TENANT_PROTECTED');
      }
      if (changes.slug && changes.slug !== tenant.slug && (await tenantRepository.findBySlug(changes.slug))) return err('SLUG_TAKEN');
      const updated: Tenant = {
        ...tenant,
        slug: changes.slug ?? tenant.slug,
        name: changes.name ?? tenant.name,
        status: changes.status ?? tenant.status,
        updatedAt: clock.now(),
      };
      await tenantRepository.update(updated);
      await forgetResolutionsAfterCommit({ uow, tenantCache });
      await recordAudit(auditLog, actor, meta, {
        action: 'tenant.update',
        resourceType: 'tenant',
        resourceId: id,
        metadata: { fields: Object.keys(changes) },
      });
      return ok(updated);
    });
