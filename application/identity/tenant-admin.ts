import type { Jobs } from '../shared/ports.js';
import type { Tenant, TenantDeletion } from '../../domain/identity/tenant.js';
import type { IdentityDeps } from './deps.js';

export type TenantAdminDeps = Pick<
  IdentityDeps,
  'tenantRepository' | 'tenantDeletionRepository' | 'tenantCache' | 'auditLog' | 'fileStorage' | 'jobs' | 'clock' | 'ids' | 'uow'
>;
export type TenantError = 'TENANT_NOT_FOUND' | 'SLUG_TAKEN' | 'DEFAULT_TENANT_PROTECTED';

/** One tenant as its page shows it: with the progress of its deletion, once one was asked for. */
export type TenantDetail = Tenant & { deletion: TenantDeletion | null };

/** Removes one deleting tenant's rows and then the tenant (payload `{ tenantId }`). */
export const PURGE_TENANT_JOB = 'identity.purge-tenant';
/** Periodic: re-enqueues the purge of every tenant still deleting (a worker that died mid-way). */
export const RESUME_TENANT_DELETIONS_JOB = 'identity.resume-tenant-deletions';

/**
 * One purge job per tenant and hour: retried with backoff, since every run resumes where the rows
 * are. The hour in its id lets the sweep run a deletion again whose job failed for good (BullMQ
 * keeps a failed job, and so its id, for a week).
 */
export const enqueuePurge = (jobs: Jobs, tenantId: string, at: Date): Promise<void> =>
  jobs.enqueue(
    PURGE_TENANT_JOB,
    { tenantId },
    { jobId: `tenant-purge-${tenantId}-${Math.floor(at.getTime() / 3_600_000)}`, attempts: 5, backoffMs: 5_000 },
  );

/**
 * Resolutions are cached by slug and by id (and a new slug may have been cached as unknown), so a
 * tenant write forgets them all, once committed: a request racing the change cannot keep the old one.
 */
export const forgetResolutionsAfterCommit = ({ uow, tenantCache }: Pick<TenantAdminDeps, 'uow' | 'tenantCache'>): Promise<void> =>
  uow.afterCommit(() => tenantCache.invalidateAll());
