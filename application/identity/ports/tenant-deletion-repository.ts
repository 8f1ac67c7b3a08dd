import type { TenantDeletion } from '../../../domain/identity/tenant.js';

/** The rows of a tenant being deleted, removed table by table in batches (docs/identity.md "Tenant deletion"). */
export interface TenantDeletionRepository {
  /** Records the request; a second call keeps the first record. */
  begin(tenantId: string, requestedAt: Date): Promise<void>;
  progressOf(tenantId: string): Promise<TenantDeletion | null>;
  /** Every table holding tenant rows, each after the tables that reference it (children first). */
  tablesInDeletionOrder(): Promise<string[]>;
  /** Deletes up to `limit` of the tenant's rows of `table` (cascading to rows that hang on them); answers how many. */
  deleteBatch(tenantId: string, table: string, limit: number): Promise<number>;
  /** Sets the tables done and total, and adds `rowsDeleted` (one batch's) to the count. */
  record(tenantId: string, progress: { tablesDone: number; tablesTotal: number; rowsDeleted: number }): Promise<void>;
  /** Tenants whose deletion was asked for and is not finished. */
  pending(): Promise<string[]>;
}
