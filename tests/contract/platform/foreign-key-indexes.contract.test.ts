import { expect } from 'chai';
import type { Knex } from 'knex';
import { harness } from '../../support/harness.js';

interface Uncovered {
  table: string;
  constraint: string;
  columns: string[];
}

/**
 * Every foreign key has an index that leads with its columns (issue 28 §2, docs/platform.md): a
 * cascade, `set null` or restrict check looks the referencing rows up by those columns alone, so an
 * index led by `tenant_id` does not serve it and each parent delete would scan the child table.
 * Read from the catalogue, so a key added later without its index fails here, on both engines.
 */
describe('contract: every foreign key is served by an index led by its columns (PGlite, or PostgreSQL with DATABASE_URL)', () => {
  let knex: Knex;
  before(async () => {
    knex = (await harness()).app.db.knex;
  });

  it('finds no foreign key without such an index', async () => {
    // An index covers a key when its first n columns are the key's n columns (in any order); a
    // partial index does not (it misses rows), an expression column never matches (attnum 0).
    const { rows } = (await knex.raw(`
      select c.conrelid::regclass::text as "table", c.conname as "constraint",
        array(select a.attname::text from unnest(c.conkey) k(n) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as columns
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indpred is null
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
      order by 1, 2`)) as { rows: Uncovered[] };
    expect(rows.map((r) => `${r.table}(${r.columns.join(', ')}) ${r.constraint}`)).to.deep.equal([]);
  });

  it('sees the foreign keys it checks (the catalogue query is not vacuous)', async () => {
    const { rows } = (await knex.raw(
      `select count(*)::int as n from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    )) as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).to.be.greaterThan(60);
  });
});
