import { expect } from 'chai';
import { ZodError } from 'zod';
import type { Knex } from 'knex';
import { knexPage, newestFirst, rawPage, rawPageStatement } from '../../../adapters/persistence/pg/knex-helpers.js';
import type { Page, PageRequest } from '../../../application/shared/ports.js';
import { harness } from '../../support/harness.js';

interface Row {
  id: string;
  createdAt: Date;
  grp: number;
}

/**
 * The paging rules every list goes through (issue 28), by a knex query (`knexPage`) or a fixed raw
 * text (`rawPage`): pages read from the index, totals counted to a cap and estimated past it, and
 * keyset cursors that walk a list exactly once, on the configured engine (PGlite, or PostgreSQL
 * with DATABASE_URL).
 */
describe('contract: paging (knexPage, rawPage) on the configured engine', () => {
  let knex: Knex;
  const table = `paging_${Math.random().toString(36).slice(2, 10)}`;
  // 37 rows over 4 instants (one with microseconds a Date would round away): ties on every page boundary.
  const instants = ['2026-01-01 00:00:00+00', '2026-01-01 00:00:00.123456+00', '2026-01-01 00:00:00.123457+00', '2026-01-02 12:00:00+00'];
  const ROWS = 37;

  before(async () => {
    knex = (await harness()).app.db.knex;
    await knex.schema.createTable(table, (t) => {
      t.uuid('id').primary();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.integer('grp').notNullable();
      t.index(['created_at', 'id']);
    });
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      // Ids out of insertion order, so that the id really breaks the ties.
      id: `00000000-0000-4000-8000-${String((i * 919) % 1000).padStart(12, '0')}`,
      created_at: knex.raw('?::timestamptz', [instants[i % instants.length]!]),
      grp: i % 3,
    }));
    await knex(table).insert(rows);
  });

  after(() => knex.schema.dropTable(table));

  const byKnex = (page: PageRequest, filter?: number, countCap?: number): Promise<Page<Row>> => {
    const q = knex(table).select('id', 'createdAt', 'grp');
    if (filter !== undefined) q.where('grp', filter);
    return knexPage(q, page, (r: Row) => r, { order: newestFirst(), ...(countCap === undefined ? {} : { countCap }) });
  };
  // The table's name is a code constant of this run, as a raw page's texts are built from code constants only.
  const rawStatement = (filtered: boolean, countCap?: number) =>
    rawPageStatement({
      name: `paging_raw_${filtered ? 'g' : ''}${countCap ?? ''}`,
      select: 'p.id, p.created_at as "createdAt", p.grp',
      from: `${table} p`,
      countFrom: `${table} p`,
      where: filtered ? 'p.grp = ?' : 'true',
      order: newestFirst('p.created_at', 'p.id'),
      ...(countCap === undefined ? {} : { countCap }),
    });
  const byRaw = (page: PageRequest, filter?: number, countCap?: number): Promise<Page<Row>> =>
    rawPage(knex, rawStatement(filter !== undefined, countCap), filter === undefined ? [] : [filter], page, (r: Row) => ({
      id: r.id,
      createdAt: r.createdAt,
      grp: r.grp,
    }));
  const everyId = async (filter?: number): Promise<string[]> => {
    const q = knex(table)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .select('id');
    if (filter !== undefined) q.where('grp', filter);
    return ((await q) as Array<{ id: string }>).map((r) => r.id);
  };

  for (const [name, list] of [
    ['knexPage', byKnex],
    ['rawPage', byRaw],
  ] as const) {
    it(`${name}: walks every row exactly once in the list order with cursors, ties of created_at included`, async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await list(cursor === undefined ? { page: 1, pageSize: 5 } : { page: 1, pageSize: 5, cursor });
        expect(page.items.length).to.be.at.most(5);
        expect(page.total).to.equal(ROWS);
        seen.push(...page.items.map((r) => r.id));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor !== undefined && pages < 20);
      expect(pages).to.equal(Math.ceil(ROWS / 5));
      expect(new Set(seen).size).to.equal(ROWS);
      expect(seen).to.deep.equal(await everyId());
    });

    it(`${name}: continues a filtered list with its filter, and an offset page hands over to a cursor`, async () => {
      const all = await everyId(1);
      const second = await list({ page: 2, pageSize: 4 }, 1);
      expect(second.items.map((r) => r.id)).to.deep.equal(all.slice(4, 8));
      const third = await list({ page: 3, pageSize: 4, cursor: second.nextCursor! }, 1);
      expect(third.items.map((r) => r.id)).to.deep.equal(all.slice(8, 12));
      expect(third).to.deep.include({ total: all.length, page: 3, totalIsEstimate: false });
    });

    it(`${name}: answers the exact total on the last page and past the end, and no cursor after the last row`, async () => {
      const last = await list({ page: 8, pageSize: 5 });
      expect(last).to.deep.include({ total: ROWS, totalIsEstimate: false, nextCursor: null });
      expect(last.items).to.have.length(2);
      const past = await list({ page: 9, pageSize: 5 });
      expect(past).to.deep.include({ items: [], total: ROWS, nextCursor: null });
      const exact = await list({ page: 1, pageSize: 50 });
      expect(exact).to.deep.include({ total: ROWS, nextCursor: null });
    });

    it(`${name}: counts up to the cap exactly, and past it answers the estimate with total_is_estimate`, async () => {
      const under = await list({ page: 1, pageSize: 5 }, 2, 20);
      expect(under).to.deep.include({ total: 12, totalIsEstimate: false });
      const over = await list({ page: 1, pageSize: 5 }, undefined, 20);
      expect(over.totalIsEstimate).to.equal(true);
      expect(over.total).to.be.at.least(21);
      expect(over.items).to.have.length(5);
    });

    it(`${name}: refuses a cursor that is not one of this list as invalid input (400), whatever it holds`, async () => {
      const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      for (const cursor of [
        '%%%',
        encode(['2026-01-01 00:00:00+00']),
        encode({ a: 1 }),
        encode(['not a time', '00000000-0000-4000-8000-000000000001']),
        encode(['2026-01-01 00:00:00+00', 'not-a-uuid']),
      ]) {
        const error = await list({ page: 1, pageSize: 5, cursor }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, cursor).to.be.instanceOf(ZodError);
      }
    });
  }

  it('counts the total over the count query when given one (the rows without the joins that only add columns)', async () => {
    // The list joins each row to itself for a column; the count reads the table alone.
    const joined = () =>
      knex({ p: table }).join({ o: table }, 'o.id', 'p.id').where('p.grp', 1).select('p.id', 'p.created_at', 'p.grp', { other: 'o.grp' });
    const counted: string[] = [];
    const listener = (q: { sql: string }) => {
      if (/count/i.test(q.sql)) counted.push(q.sql);
    };
    knex.on('query', listener);
    try {
      const page = await knexPage(joined(), { page: 1, pageSize: 5 }, (r: Row) => r, {
        order: newestFirst('p.created_at', 'p.id'),
        countQuery: knex({ p: table }).where('p.grp', 1),
      });
      expect(page).to.deep.include({ total: (await everyId(1)).length, totalIsEstimate: false });
      expect(page.items).to.have.length(5);
    } finally {
      knex.off('query', listener);
    }
    expect(counted).to.have.length(1);
    expect(counted[0]).to.not.match(/join/i);
  });

  it('rawPage: runs its page prepared under its name, a page after a cursor under <name>_after, and counts over countFrom', async () => {
    const statement = rawPageStatement({
      name: 'paging_raw_joined',
      select: 'p.id, p.created_at as "createdAt", p.grp, o.grp as other',
      from: `${table} p join ${table} o on o.id = p.id`,
      countFrom: `${table} p`,
      where: 'p.grp = ?',
      order: newestFirst('p.created_at', 'p.id'),
    });
    const all = await everyId(1);
    const seen: Array<{ sql: string; name: unknown }> = [];
    const listener = (q: { sql: string; options?: { name?: unknown } }) => seen.push({ sql: q.sql, name: q.options?.name });
    knex.on('query', listener);
    try {
      const first = await rawPage(knex, statement, [1], { page: 1, pageSize: 5 }, (r: Row) => r.id);
      const next = await rawPage(knex, statement, [1], { page: 2, pageSize: 5, cursor: first.nextCursor! }, (r: Row) => r.id);
      const past = await rawPage(knex, statement, [1], { page: 9, pageSize: 5 }, (r: Row) => r.id);
      expect([...first.items, ...next.items]).to.deep.equal(all.slice(0, 10));
      expect([first.total, next.total, past.total]).to.deep.equal([all.length, all.length, all.length]);
    } finally {
      knex.off('query', listener);
    }
    expect(seen.map((s) => s.name)).to.deep.equal(['paging_raw_joined', 'paging_raw_joined_after', 'paging_raw_joined', undefined]);
    expect(seen[1]!.sql).to.not.equal(seen[0]!.sql);
    // The count past the last page reads the rows alone, without the join.
    expect(seen[3]!.sql).to.match(/count/i).and.not.match(/join/i);
  });

  it('refuses a cursor on a list that pages by number only', async () => {
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unordered = await knexPage(knex(table).select('id'), { page: 1, pageSize: 5, cursor: encode(['x']) }, (r) => r).then(
      () => null,
      (e: unknown) => e,
    );
    expect(unordered).to.be.instanceOf(ZodError);
  });
});
