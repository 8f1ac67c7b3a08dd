import { DEFAULT_TENANT_SLUG } from '../../../domain/identity/tenant.js';
import { err, ok } from '../../shared/result.js';
import { enqueuePurge, forgetResolutionsAfterCommit, type TenantAdminDeps, type TenantDetail, type TenantError } from '../tenant-admin.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type DeleteTenant = AuditedCommand<[id: string], TenantDetail, Exclude<TenantError, 'SLUG_TAKEN'>>;

/**
 * Marks the tenant deleting, so its requests answer 404 from the next one on, and hands the removal
 * of its rows and files to a job (`purge-tenant`): a big tenant's rows take longer than a request.
 * Asking again re-enqueues the job. The default tenant cannot be deleted (contract §4).
 */
export const makeDeleteTenant =
  ({ tenantRepository, tenantDeletionRepository, tenantCache, auditLog, jobs, clock, uow }: TenantAdminDeps): DeleteTenant =>
  async (actor, meta, id) =>
    uow.run(async () => {
      const tenant = await tenantRepository.findById(id);
      if (!tenant) return err('TENANT_NOT_FOUND');
      if (tenant.slug === DEFAULT_TENANT_SLUG) return err('DEFAULT_TENANT_PROTECTED');
      const now = clock.now();
      const deleting = { ...tenant, status: 'deleting' as const, updatedAt: tenant.status === 'deleting' ? tenant.updatedAt : now };
      if (tenant.status !== 'deleting') {
        await tenantRepository.update(deleting);
        await tenantDeletionRepository.begin(id, now);
        await forgetResolutionsAfterCommit({ uow, tenantCache });
        // Recorded in the actor's tenant: the deleted tenant's own log goes with it.
        await recordAudit(auditLog, { tenantId: actor.homeTenantId, userId: actor.userId }, meta, {
          action: 'tenant.delete',
          resourceType: 'tenant',
          resourceId: id,
          metadata: { slug: tenant.slug },
        });
      }
      await enqueuePurge(jobs, id, now);
      return ok({ ...deleting, deletion: await tenantDeletionRepository.progressOf(id) });
    });
