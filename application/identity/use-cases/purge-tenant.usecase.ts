import type { TenantAdminDeps } from '../tenant-admin.js';

/** Rows per statement: short transactions that hold few locks and let other work in between. */
export const PURGE_BATCH = 5_000;

/**
 * Deletes a deleting tenant's rows table by table, children first, in batches by `tenant_id`, then
 * its files, then the tenant row. Every run starts over from the first table, and a table already
 * emptied costs one index probe, so a run after a crash picks up where the rows are.
 */
export const makePurgeTenant =
  ({
    tenantRepository,
    tenantDeletionRepository,
    fileStorage,
  }: Pick<TenantAdminDeps, 'tenantRepository' | 'tenantDeletionRepository' | 'fileStorage'>) =>
  async (tenantId: string): Promise<void> => {
    const tenant = await tenantRepository.findById(tenantId);
    if (!tenant || tenant.status !== 'deleting') return;
    const tables = await tenantDeletionRepository.tablesInDeletionOrder();
    for (const [done, table] of tables.entries()) {
      for (;;) {
        const rowsDeleted = await tenantDeletionRepository.deleteBatch(tenantId, table, PURGE_BATCH);
        await tenantDeletionRepository.record(tenantId, { tablesDone: done, tablesTotal: tables.length, rowsDeleted });
        if (rowsDeleted < PURGE_BATCH) break;
      }
    }
    // Files before the row: while the row exists the deletion is unfinished, and a rerun removes them again.
    await fileStorage.removeTenant(tenantId);
    // No cache to forget: the tenant has resolved to nobody since it was marked deleting.
    await tenantRepository.delete(tenantId);
  };
