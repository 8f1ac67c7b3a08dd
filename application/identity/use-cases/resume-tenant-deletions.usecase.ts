import { enqueuePurge, type TenantAdminDeps } from '../tenant-admin.js';

/** Re-enqueues the purge of every tenant still deleting: a job lost with its process (in-process queue) or failed for good is run again. */
export const makeResumeTenantDeletions =
  ({ tenantDeletionRepository, jobs, clock }: Pick<TenantAdminDeps, 'tenantDeletionRepository' | 'jobs' | 'clock'>) =>
  async (): Promise<void> => {
    for (const tenantId of await tenantDeletionRepository.pending()) await enqueuePurge(jobs, tenantId, clock.now());
  };
