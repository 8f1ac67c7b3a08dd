import type { Tenant, TenantStatus } from '../../../domain/identity/tenant.js';
import { err, ok } from '../../shared/result.js';
import { forgetResolutionsAfterCommit, type TenantAdminDeps, type TenantError } from '../tenant-admin.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type CreateTenant = AuditedCommand<
  [input: { slug: string; name: string; status?: TenantStatus | undefined }],
  Tenant,
  Extract<TenantError, 'SLUG_TAKEN'>
>;

export const makeCreateTenant =
  ({ tenantRepository, tenantCache, auditLog, clock, ids, uow }: TenantAdminDeps): CreateTenant =>
  async (actor, meta, input) => {
    const now = clock.now();
    const tenant: Tenant = {
      id: ids.uuid(),
      slug: input.slug,
      name: input.name,
      status: input.status ?? 'active',
      createdAt: now,
      updatedAt: now,
    };
    return uow.run(async () => {
      if (await tenantRepository.findBySlug(input.slug)) return err('SLUG_TAKEN');
      await tenantRepository.insert(tenant);
      await forgetResolutionsAfterCommit({ uow, tenantCache });
      await recordAudit(auditLog, actor, meta, {
        action: 'tenant.create',
        resourceType: 'tenant',
        resourceId: tenant.id,
        metadata: { slug: tenant.slug },
      });
      return ok(tenant);
    });
  };
