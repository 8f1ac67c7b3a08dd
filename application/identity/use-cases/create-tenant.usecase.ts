import type { Tenant, TenantStatus } from '../../../domain/identity/tenant.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { forgetResolutionsAfterCommit, type TenantAdminDeps, type TenantError } from '../tenant-admin.js';
import { recordAudit } from '../../platform/audit.js';

export const makeCreateTenant =
  ({ tenantRepository, tenantCache, auditLog, clock, ids, uow }: TenantAdminDeps) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    input: { slug: string; name: string; status?: TenantStatus | undefined },
  ): Promise<Result<Tenant, Extract<TenantError, 'SLUG_TAKEN'>>> => {
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
