import type { TenantDeletion } from '../../../domain/identity/tenant.js';
import type { TenantDeletionRepository } from '../../../application/identity/ports/tenant-deletion-repository.js';
import type { DbDeps } from './base.js';
import type { TenantDeletionRow } from './rows/identity.rows.js';

interface TableRow {
  table_name: string;
}
interface EdgeRow {
  child: string;
  parent: string;
}

const toDeletion = (m: TenantDeletionRow): TenantDeletion => ({
  requestedAt: m.requestedAt,
  tablesDone: m.tablesDone,
  tablesTotal: m.tablesTotal,
  rowsDeleted: Number(m.rowsDeleted),
});

/**
 * Children before parents (Kahn's order over the foreign keys between tenant tables), so no batch
 * waits on a restrict check or fans out into a cascade; tables in a cycle, if one is ever added,
 * come last and rely on their cascades.
 */
function childrenFirst(tables: readonly string[], edges: readonly EdgeRow[]): string[] {
  const referrers = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) referrers.get(parent)?.add(child);
  const order: string[] = [];
  const left = new Set(tables);
  for (let progress = true; progress;) {
    progress = false;
    for (const t of left) {
      if ([...referrers.get(t)!].some((c) => left.has(c))) continue;
      order.push(t);
      left.delete(t);
      progress = true;
    }
  }
  return [...order, ...left];
}

export const makeTenantDeletionPgRepository = ({ db }: DbDeps): TenantDeletionRepository => ({
  async begin(tenantId, requestedAt) {
    await db.q()('tenant_deletions').insert({ tenantId, requestedAt }).onConflict('tenant_id').ignore();
  },
  async progressOf(tenantId) {
    const m = await db.q()('tenant_deletions').where({ tenantId }).first();
    return m ? toDeletion(m) : null;
  },
  async tablesInDeletionOrder() {
    // Every table with a tenant_id, but the progress row: it goes with the tenant row, last.
    // Raw: catalog queries (information_schema, and pg_constraint's ::regclass casts), not our tables.
    const tables = (await db.q().raw(`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'tenant_id' and c.table_name <> 'tenant_deletions'
      order by 1`)) as { rows: TableRow[] };
    const edges = (await db.q().raw(`
      select conrelid::regclass::text as child, confrelid::regclass::text as parent
      from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`)) as { rows: EdgeRow[] };
    return childrenFirst(
      tables.rows.map((r) => r.table_name),
      edges.rows,
    );
  },
  async deleteBatch(tenantId, table, limit) {
    // By row address: tables differ in their keys (some composite), every one has a ctid.
    // Raw: a data-modifying CTE over a table named at run time, counted in the same statement.
    const res = (await db.q().raw(
      `
      with gone as (delete from ?? where ctid = any(array(select ctid from ?? where tenant_id = ? limit ?)) returning 1)
      select count(*)::int as n from gone`,
      [table, table, tenantId, limit],
    )) as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  },
  async record(tenantId, { tablesDone, tablesTotal, rowsDeleted }) {
    await db.q()('tenant_deletions').where({ tenantId }).update({ tablesDone, tablesTotal }).increment('rowsDeleted', rowsDeleted);
  },
  async pending() {
    return (await db.q()('tenants').where({ status: 'deleting' }).select('id')).map((r: { id: string }) => r.id);
  },
});
