import { clone } from './paging.js';

/** The tenant's rows, as they are (not copies). */
export const inTenant = <T extends { tenantId: string }>(rows: Iterable<T>, tenantId: string): T[] =>
  [...rows].filter((r) => r.tenantId === tenantId);

/**
 * The rows whose columns equal `where`'s, in `order` (else as they are), as copies: the memory
 * twin of a `where … order by` (name the tenant in `where`).
 */
export function rowsWhere<T>(rows: Iterable<T>, where: Partial<T>, order?: (a: T, b: T) => number): T[] {
  const keys = Object.keys(where) as Array<keyof T>;
  const found = [...rows].filter((row) => keys.every((key) => row[key] === where[key]));
  return (order ? found.sort(order) : found).map(clone);
}

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
  /** The tenant's rows that match, in `order`, as copies. */
  listWhere(where: { tenantId: string } & Partial<T>, order?: (a: T, b: T) => number): T[] {
    return rowsWhere(this.rows.values(), where, order);
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
