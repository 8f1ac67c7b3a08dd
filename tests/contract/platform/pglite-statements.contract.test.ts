import { expect } from 'chai';
import type { PGlite } from '@electric-sql/pglite';
import { createKnex, type Knex } from '../../../infrastructure/db/knex.js';
import { PgLiteStatements } from '../../../infrastructure/db/pglite-statements.js';

const pgliteOf = (knex: Knex) => (knex.client.config.connection as { pglite: PGlite }).pglite;

describe('contract: PGlite prepared statements (embedded engine)', function () {
  this.timeout(60_000);
  let knex: Knex;
  let pglite: PGlite;
  let statements: PgLiteStatements;

  before(async () => {
    knex = createKnex({ embeddedDir: null });
    pglite = pgliteOf(knex);
    statements = PgLiteStatements.of(pglite);
    await knex.raw(`create table sample (
      id serial primary key, name text unique not null, score numeric, big bigint, at timestamptz,
      doc jsonb, tags text[], ok boolean, ref uuid)`);
  });
  after(() => knex.destroy());

  it('answers the rows, types and counts PGlite query() answers, on first and later runs', async () => {
    const insert = `insert into sample (name, score, big, at, doc, tags, ok, ref) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const at = new Date('2026-01-02T03:04:05.678Z');
    const row = ['a', 12.5, 9007199254740993n, at, { deep: [1, 'x'] }, ['p', 'q'], true, '1b4e28ba-2fa1-11d2-883f-0016541b6b52'];
    const ours = await statements.query<Record<string, unknown>>(insert, row);
    const theirs = await pglite.query<Record<string, unknown>>(insert, ['b', ...row.slice(1)]);
    expect(ours.affectedRows).to.equal(1);
    expect({ ...ours.rows[0], id: 0, name: '' }).to.deep.equal({ ...theirs.rows[0], id: 0, name: '' });
    expect(ours.fields).to.deep.equal(theirs.fields);

    const select = 'select name, score, at, doc, tags, ok, ref, null::int as nothing from sample where name = any($1) order by name';
    for (let run = 0; run < 3; run++) {
      const again = await statements.query(select, [['a', 'b']]);
      expect(again.rows).to.deep.equal((await pglite.query(select, [['a', 'b']])).rows);
      expect(again.rows[0]).to.include({ name: 'a', ok: true, nothing: null });
    }
    const updated = await statements.query('update sample set ok = $1 where name in ($2, $3)', [false, 'a', 'b']);
    expect(updated.affectedRows).to.equal(2);
    expect(updated.rows).to.deep.equal([]);
  });

  it('reports a failing statement with its SQLSTATE and leaves the engine usable', async () => {
    const insert = 'insert into sample (name) values ($1)';
    await statements.query(insert, ['dup']);
    let caught: unknown;
    try {
      await statements.query(insert, ['dup']);
    } catch (error) {
      caught = error;
    }
    expect((caught as { code?: string }).code).to.equal('23505');
    await statements.query(insert, ['dup-2']);
    const { rows } = await statements.query<{ n: number }>('select count(*)::int as n from sample where name like $1', ['dup%']);
    expect(rows[0]!.n).to.equal(2);
  });

  it('keeps transactions whole through knex: a rollback undoes, an error inside aborts only that transaction', async () => {
    await knex.transaction(async (trx) => {
      await trx('sample').insert({ name: 'in-trx' });
      await trx.rollback();
    }).catch(() => undefined);
    expect(await knex('sample').where({ name: 'in-trx' }).first()).to.equal(undefined);

    const failed = await knex
      .transaction(async (trx) => {
        await trx('sample').insert({ name: 'kept?' });
        await trx('sample').insert({ name: 'kept?' });
      })
      .then(() => 'committed', (error: { code?: string }) => error.code);
    expect(failed).to.equal('23505');
    expect(await knex('sample').where({ name: 'kept?' }).first()).to.equal(undefined);
    await knex.transaction((trx) => trx('sample').insert({ name: 'committed' }));
    expect(await knex('sample').where({ name: 'committed' }).first()).to.include({ name: 'committed' });
  });

  it('re-prepares a statement whose table changed under it (a migration)', async () => {
    const select = 'select * from sample where name = $1';
    expect(Object.keys((await statements.query<Record<string, unknown>>(select, ['a'])).rows[0]!)).to.not.include('extra');
    await knex.raw('alter table sample add column extra text default $$x$$');
    const after = await statements.query<Record<string, unknown>>(select, ['a']);
    expect(after.rows[0]).to.include({ name: 'a', extra: 'x' });
  });

  it('keeps at most 500 statements prepared in the engine, closing the least recently used', async () => {
    for (let i = 0; i < 520; i++) await statements.query(`select $1::int + ${i} as n`, [1]);
    const { rows } = await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'knex_%'`);
    // The closes of the last evictions are sent with the next round, so one may still be open.
    expect(rows[0]!.n).to.be.within(500, 501);
    expect((await statements.query<{ n: number }>('select $1::int + 0 as n', [41])).rows[0]!.n).to.equal(41);
  });

  it('serves concurrent callers one statement at a time, each its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => knex.raw<{ rows: Array<{ n: number }> }>('select ?::int * 2 as n', [i])));
    expect(answers.map((a) => a.rows[0]!.n)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i * 2));
  });
});
