import { expect } from 'chai';
import pg from 'pg';
import type { Knex } from 'knex';
import { databaseUrlOf, embeddedEngine } from '../../../infrastructure/db/knex.js';
import { harness } from '../../support/harness.js';

/**
 * Every read answers what the database holds when it runs, on both engines: no layer under knex
 * keeps answers or statements. (A read cache of ours once missed rows written by triggers and
 * froze `'now'` at prepare time.)
 */
describe('contract: reads are fresh on the configured engine (PGlite, or PostgreSQL with DATABASE_URL)', () => {
  let knex: Knex;
  const suffix = Math.random().toString(36).slice(2, 10);
  const source = `fresh_src_${suffix}`;
  const log = `fresh_log_${suffix}`;

  before(async () => {
    knex = (await harness()).app.db.knex;
    await knex.schema.createTable(source, (t) => t.integer('n').primary());
    await knex.schema.createTable(log, (t) => {
      t.integer('n').primary();
      t.integer('seen').notNullable();
    });
    await knex.raw(`
      create function ${source}_log() returns trigger language plpgsql as $$
      begin
        insert into ${log} (n, seen) values (new.n, 1) on conflict (n) do update set seen = ${log}.seen + 1;
        return new;
      end $$`);
    await knex.raw(`create trigger ${source}_logged after insert or update on ${source} for each row execute function ${source}_log()`);
  });

  after(async () => {
    await knex.schema.dropTable(source);
    await knex.schema.dropTable(log);
    await knex.raw(`drop function ${source}_log()`);
  });

  const logged = async () => (await knex(log).orderBy('n').select('n', 'seen')) as Array<{ n: number; seen: number }>;

  it('sees rows a trigger wrote, read by the same statement before and after', async () => {
    // A row written straight to the log first: a table already written once is where a cache keeping answers would keep them.
    await knex(log).insert({ n: 0, seen: 0 });
    expect(await logged()).to.deep.equal([{ n: 0, seen: 0 }]);
    await knex(source).insert({ n: 1 });
    expect(await logged()).to.deep.equal([
      { n: 0, seen: 0 },
      { n: 1, seen: 1 },
    ]);
    await knex(source).where({ n: 1 }).update({ n: 1 });
    expect(await logged()).to.deep.equal([
      { n: 0, seen: 0 },
      { n: 1, seen: 2 },
    ]);
    await knex.transaction(async (trx) => {
      await trx(source).insert({ n: 2 });
    });
    expect(await logged()).to.deep.equal([
      { n: 0, seen: 0 },
      { n: 1, seen: 2 },
      { n: 2, seen: 1 },
    ]);
  });

  it('sees rows written past knex, on another connection or straight through the engine', async () => {
    const before = Number(((await knex(source).count({ c: '*' })) as Array<{ c: number | string }>)[0]!.c);
    const url = databaseUrlOf(knex);
    if (url) {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query(`insert into ${source} (n) values (100)`);
      } finally {
        await other.end();
      }
    } else {
      await embeddedEngine(knex)!.query(`insert into ${source} (n) values (100)`);
    }
    const after = Number(((await knex(source).count({ c: '*' })) as Array<{ c: number | string }>)[0]!.c);
    expect(after).to.equal(before + 1);
    expect((await logged()).find((r) => r.n === 100)).to.deep.equal({ n: 100, seen: 1 });
  });

  /** Microseconds since the epoch, as text: a JS Date would round both readings to the same millisecond. */
  const micros = (expression: string) => `select (extract(epoch from ${expression}) * 1000000)::bigint::text as us`;
  const read = async (sql: string): Promise<bigint> => BigInt(((await knex.raw(sql)) as { rows: Array<{ us: string }> }).rows[0]!.us);

  /**
   * The engine's clock read by a later statement, once it shows a later microsecond than `after`
   * (PGlite's clock may tick coarser than the statements run): any statement after it must start no earlier.
   */
  const clockPast = async (after: bigint): Promise<bigint> => {
    for (let tries = 0; tries < 10_000; tries++) {
      const clock = await read(micros('clock_timestamp()'));
      if (clock > after) return clock;
    }
    throw new Error('the database clock did not move');
  };

  for (const expression of ['now()', `'now'::timestamptz`, 'current_timestamp']) {
    it(`evaluates ${expression} when the statement runs, not when it was first seen`, async () => {
      const sql = micros(expression);
      const first = await read(sql);
      const between = await clockPast(first);
      const second = await read(sql);
      expect(second >= between, `${expression} read again is at least the clock read before it`).to.equal(true);
    });
  }

  it('evaluates now() per statement through the query builder too (same text, bound values)', async () => {
    const stamp = async () => {
      const row = (await knex(source).where('n', '>=', 0).first(knex.raw(`(extract(epoch from now()) * 1000000)::bigint::text as us`))) as {
        us: string;
      };
      return BigInt(row.us);
    };
    const first = await stamp();
    const between = await clockPast(first);
    expect((await stamp()) >= between).to.equal(true);
  });
});
