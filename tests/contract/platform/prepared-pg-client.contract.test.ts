import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createKnex, type Knex } from '../../../infrastructure/db/knex.js';

const databaseUrl = process.env.DATABASE_URL;

// Registered only with PostgreSQL, as the query-plan checks: CI's second leg runs it.
if (databaseUrl) describe('contract: prepared statements on PostgreSQL', function () {
  this.timeout(60_000);
  let knex: Knex;
  const table = `prepared_${randomUUID().slice(0, 8)}`;
  // One connection, so that what the session has prepared can be read back.
  const prepared = async () => Number(((await knex.raw(`select count(*)::int as n from pg_prepared_statements where name like 'knex\\_%'`)) as { rows: Array<{ n: number }> }).rows[0]!.n);

  before(async () => {
    knex = createKnex({ databaseUrl, embeddedDir: null, poolMax: 1 });
    await knex.schema.createTable(table, (t) => {
      t.integer('id').primary();
      t.text('label').notNullable().unique();
    });
    await knex(table).insert([{ id: 1, label: 'one' }, { id: 2, label: 'two' }]);
  });
  after(async () => {
    await knex.schema.dropTableIfExists(table);
    await knex.destroy();
  });

  it('prepares a data statement once per connection and answers as an unnamed one would', async () => {
    const before = await prepared();
    for (let run = 0; run < 3; run++) expect(await knex(table).where({ id: 2 }).first()).to.deep.equal({ id: 2, label: 'two' });
    expect(await prepared()).to.equal(before + 1);
    expect(await knex(table).where({ id: 1 }).pluck('label')).to.deep.equal(['one']);
  });

  it('renews a statement whose table changed under it, and a transaction it failed in is the only casualty', async () => {
    const read = (q: Knex | Knex.Transaction) => q(table).where({ id: 1 }).select('*');
    expect(await read(knex)).to.deep.equal([{ id: 1, label: 'one' }]);
    await knex.schema.alterTable(table, (t) => t.text('colour').defaultTo('red'));
    const inTransaction = await knex.transaction((trx) => read(trx)).then(() => 'answered', (error: { code?: string }) => error.code);
    // PostgreSQL may re-plan by itself; when it refuses, the refusal is its cached-plan error.
    expect(['answered', '0A000']).to.include(inTransaction);
    expect(await read(knex)).to.deep.equal([{ id: 1, label: 'one', colour: 'red' }]);
    await knex.schema.alterTable(table, (t) => t.dropColumn('colour'));
    expect(await read(knex)).to.deep.equal([{ id: 1, label: 'one' }]);
  });

  it('keeps a transaction whole: a failing prepared statement rolls it back, later ones run', async () => {
    const failed = await knex
      .transaction(async (trx) => {
        await trx(table).insert({ id: 3, label: 'three' });
        await trx(table).insert({ id: 4, label: 'three' });
      })
      .then(() => 'committed', (error: { code?: string }) => error.code);
    expect(failed).to.equal('23505');
    expect(await knex(table).whereIn('id', [3, 4])).to.deep.equal([]);
    await knex.transaction((trx) => trx(table).insert({ id: 3, label: 'three' }));
    expect(await knex(table).where({ id: 3 }).first()).to.deep.equal({ id: 3, label: 'three' });
  });

  it('keeps at most 250 statements prepared on a connection', async () => {
    for (let round = 0; round < 2; round++) {
      // The second round finds its first statements evicted and prepares them again.
      for (let i = 0; i < 270; i++) expect(((await knex.raw(`select ?::int + ${i} as n`, [1])) as { rows: Array<{ n: number }> }).rows[0]!.n).to.equal(i + 1);
    }
    expect(await prepared()).to.be.within(240, 251);
    expect(((await knex.raw('select ?::int + 0 as n', [41])) as { rows: Array<{ n: number }> }).rows[0]!.n).to.equal(41);
  });

  it('sends a transaction\'s concurrent statements one at a time, in order (pg deprecates queueing them)', async () => {
    // pg's own state when a statement is handed to it: a statement still running or queued means
    // pg would queue this one (its deprecation warning fires only once per process, so it is not watched).
    const original = pg.Client.prototype.query;
    let sent = 0;
    let whileBusy = 0;
    pg.Client.prototype.query = function (this: { _activeQuery: unknown; _queryQueue: unknown[] }, ...args: unknown[]) {
      sent++;
      if (this._activeQuery || this._queryQueue.length > 0) whileBusy++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const answers = await knex.transaction((trx) => Promise.all([
        ...Array.from({ length: 20 }, (_, i) => trx(table).insert({ id: 100 + i, label: `c${i}` })),
        trx(table).where('id', '>=', 100).count({ n: '*' }).first(),
      ]));
      // Issued last, answered last: it sees all twenty inserts.
      expect(Number((answers.at(-1) as { n: number }).n)).to.equal(20);
      expect(sent).to.be.at.least(23); // begin, 21 statements, commit
      expect(whileBusy).to.equal(0);
    } finally {
      pg.Client.prototype.query = original;
      await knex(table).where('id', '>=', 100).delete();
    }
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false, and still answers', async () => {
    const plain = createKnex({ databaseUrl, embeddedDir: null, poolMax: 1, preparedStatements: false });
    try {
      expect(await plain(table).where({ id: 2 }).first()).to.deep.equal({ id: 2, label: 'two' });
      const named = (await plain.raw(`select count(*)::int as n from pg_prepared_statements where name like 'knex\\_%'`)) as { rows: Array<{ n: number }> };
      expect(named.rows[0]!.n).to.equal(0);
    } finally {
      await plain.destroy();
    }
  });
});
