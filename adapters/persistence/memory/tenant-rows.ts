import { clone } from './paging.js';

/**
 * The reads and writes by id that the memory repositories of a tenant's rows share, as the SQL ones
 * share `tenantTable`: a repository extends it over its map (its own, or the state's that other
 * repositories read too) and adds what is its own. Rows go in and come out as copies.
 */
export class MemoryTenantRows<T extends { id: string; tenantId: string }> {
  constructor(readonly rows: Map<string, T> = new Map()) {}
  async findById(tenantId: string, id: string): Promise<T | null> {
    const row = this.rows.get(id);
    return row && row.tenantId === tenantId ? clone(row) : null;
  }
  /** Nothing runs concurrently in memory: the row as it is. */
  lock(tenantId: string, id: string): Promise<T | null> {
    return this.findById(tenantId, id);
  }
  async insert(row: T): Promise<void> {
    this.rows.set(row.id, clone(row));
  }
  /** Replaces the row if the tenant has it (another tenant's is left as it is, as an UPDATE … WHERE tenant_id would). */
  async update(row: T): Promise<void> {
    if (this.rows.get(row.id)?.tenantId === row.tenantId) this.rows.set(row.id, clone(row));
  }
}
