import { expect } from 'chai';
import { createKnex, isEmbedded, type Knex } from '../../../infrastructure/db/knex.js';
import { Database } from '../../../infrastructure/db/database.js';
import { deepCopy } from '../../../infrastructure/db/deep-copy.js';

/**
 * `Database.remember`: on the embedded engine a whole repository read is kept until a table one of
 * its statements read is written; on PostgreSQL it always runs. Run on both engines.
 */
describe('contract: remembered reads (Database.remember)', function () {
  this.timeout(60_000);
  let knex: Knex;
  let db: Database;
  let embedded: boolean;
  // Tables of their own: on PostgreSQL the database is shared with the other suites.
  const suffix = Math.random().toString(36).slice(2, 8);
  const [shelfTable, bookTable, otherTable] = ['rr_shelf', 'rr_book', 'rr_other'].map((t) => `${t}_${suffix}`) as [string, string, string];
  /** Loads run, by name. */
  const loads = new Map<string, number>();

  const shelfLabel = (id: number) =>
    db.remember(['shelf.label', id], async () => {
      loads.set('shelf', (loads.get('shelf') ?? 0) + 1);
      const row = (await db.q()(shelfTable).where({ id }).first()) as { label: string } | undefined;
      return row?.label ?? null;
    });
  const count = (name: string) => loads.get(name) ?? 0;

  before(async () => {
    const url = process.env.DATABASE_URL;
    knex = createKnex(url ? { databaseUrl: url, embeddedDir: null } : { embeddedDir: null });
    db = new Database(knex);
    embedded = isEmbedded(knex);
    await knex.raw(`create table ${shelfTable} (id int primary key, label text not null)`);
    await knex.raw(`create table ${bookTable} (id int primary key, shelf_id int not null references ${shelfTable} (id) on delete cascade, title text not null, added timestamptz)`);
    await knex.raw(`create table ${otherTable} (id int primary key)`);
    await knex(shelfTable).insert([{ id: 1, label: 'one' }, { id: 2, label: 'two' }]);
    await knex(bookTable).insert([{ id: 10, shelfId: 1, title: 'x', added: new Date('2026-01-02T00:00:00Z') }]);
  });
  beforeEach(() => loads.clear());
  after(async () => {
    await knex.raw(`drop table ${bookTable}, ${shelfTable}, ${otherTable}`);
    await knex.destroy();
  });

  it('runs a read once until a table it read is written (embedded); always on PostgreSQL', async () => {
    expect(await shelfLabel(1)).to.equal('one');
    expect(await shelfLabel(1)).to.equal('one');
    await knex(otherTable).insert({ id: 1 });
    expect(await shelfLabel(1)).to.equal('one');
    expect(count('shelf')).to.equal(embedded ? 1 : 3);
    await knex(shelfTable).where({ id: 1 }).update({ label: 'uno' });
    expect(await shelfLabel(1)).to.equal('uno');
    expect(count('shelf')).to.equal(embedded ? 2 : 4);
    db.forgetRemembered();
    expect(await shelfLabel(1)).to.equal('uno');
    expect(count('shelf')).to.equal(embedded ? 3 : 5);
  });

  it('keeps each key apart: other arguments read again', async () => {
    expect(await shelfLabel(2)).to.equal('two');
    expect(await shelfLabel(9)).to.equal(null);
    expect(await shelfLabel(9)).to.equal(null);
    expect(count('shelf')).to.equal(embedded ? 2 : 3);
  });

  it('follows writes that reach a table through cascading deletes', async () => {
    const titles = () => db.remember(['book.titles'], async () => {
      loads.set('book', count('book') + 1);
      return (await db.q()(bookTable).orderBy('id').pluck('title')) as string[];
    });
    await knex(shelfTable).insert({ id: 3, label: 'three' });
    await knex(bookTable).insert({ id: 30, shelfId: 3, title: 'gone soon' });
    expect(await titles()).to.deep.equal(['x', 'gone soon']);
    expect(await titles()).to.deep.equal(['x', 'gone soon']);
    await knex(shelfTable).where({ id: 3 }).delete();
    expect(await titles()).to.deep.equal(['x']);
  });

  it('hands out copies: changing an answer (dates, maps, nested objects) does not change the next one', async () => {
    const shelf = () => db.remember(['shelf.withBooks', 1], async () => {
      const books = (await db.q()(bookTable).where({ shelfId: 1 })) as Array<{ id: number; title: string; added: Date }>;
      return { shelf: 1, books, byId: new Map(books.map((b) => [b.id, b])) };
    });
    for (let read = 0; read < 3; read++) {
      const answer = await shelf();
      expect(answer.books).to.have.length(1);
      expect(answer.books[0]!.title).to.equal('x');
      expect(answer.byId.get(10)!.title).to.equal('x');
      expect(answer.books[0]!.added.getTime()).to.equal((await knex(bookTable).where({ id: 10 }).first()).added.getTime());
      answer.books[0]!.title = 'mutated';
      answer.books[0]!.added.setFullYear(1999);
      answer.byId.get(10)!.title = 'mutated';
      answer.byId.clear();
      answer.books.push({ id: 99, title: 'extra', added: new Date() });
    }
  });

  it('keeps no answer whose statements write, read the clock or run in a transaction', async () => {
    const writes = () => db.remember(['writes'], async () => {
      loads.set('writes', count('writes') + 1);
      await db.q()(otherTable).insert({ id: 100 + count('writes') });
      return (await db.q()(shelfTable).where({ id: 2 }).first()) as unknown;
    });
    const clock = () => db.remember(['clock'], async () => {
      loads.set('clock', count('clock') + 1);
      return (await db.q().raw(`select label, now() as at from ${shelfTable} where id = 2`)).rows as unknown;
    });
    const transaction = () => db.remember(['transaction'], () => db.run(async () => {
      loads.set('transaction', count('transaction') + 1);
      return (await db.q()(shelfTable).where({ id: 2 }).first()) as unknown;
    }));
    for (let read = 0; read < 2; read++) await Promise.all([writes(), clock(), transaction()]);
    expect([count('writes'), count('clock'), count('transaction')]).to.deep.equal([2, 2, 2]);
  });

  it('inside a unit of work always reads, and sees the unit of work\'s own writes', async () => {
    await shelfLabel(2);
    loads.clear();
    await db.run(async () => {
      expect(await shelfLabel(2)).to.equal('two');
      await db.q()(shelfTable).where({ id: 2 }).update({ label: 'draft' });
      expect(await shelfLabel(2)).to.equal('draft');
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await shelfLabel(2)).to.equal('two');
    expect(count('shelf')).to.equal(3);
  });

  it('keeps no answer read across a write to its tables (the two statements saw different data)', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let firstReadDone!: () => void;
    const firstRead = new Promise<void>((resolve) => (firstReadDone = resolve));
    const twice = () => db.remember(['twice'], async () => {
      loads.set('twice', count('twice') + 1);
      const before = (await db.q()(shelfTable).where({ id: 1 }).first()) as { label: string };
      firstReadDone();
      await paused;
      const after = (await db.q()(shelfTable).where({ id: 1 }).first()) as { label: string };
      return [before.label, after.label];
    });
    const racing = twice();
    await firstRead;
    await knex(shelfTable).where({ id: 1 }).update({ label: 'changed' });
    release();
    expect(await racing).to.deep.equal(['uno', 'changed']);
    // Kept, it would answer a mix of two states until the next write.
    expect(await twice()).to.deep.equal(['changed', 'changed']);
    expect(count('twice')).to.equal(2);
  });

  it('makes a read that uses another remembered read depend on that read\'s tables too', async () => {
    const outer = () => db.remember(['outer'], async () => {
      loads.set('outer', count('outer') + 1);
      const others = (await db.q()(otherTable).count({ n: '*' }).first()) as { n: number };
      return { label: await shelfLabel(2), others: Number(others.n) };
    });
    await shelfLabel(2); // the inner read is kept before the outer runs: a hit inside it
    const first = await outer();
    expect(await outer()).to.deep.equal(first);
    await knex(shelfTable).where({ id: 2 }).update({ label: 'deux' });
    expect(await outer()).to.deep.equal({ ...first, label: 'deux' });
    expect(count('outer')).to.equal(embedded ? 2 : 3);
  });

  it('copies values deeply, sharing nothing mutable', () => {
    const original = { a: [1, { b: new Date(5) }], m: new Map([['k', { v: 1 }]]), s: new Set([1]), n: null, bytes: new Uint8Array([1, 2]) };
    const copy = deepCopy(original);
    expect(copy).to.deep.equal(original);
    expect(copy.a).to.not.equal(original.a);
    expect(copy.a[1]).to.not.equal(original.a[1]);
    expect((copy.a[1] as { b: Date }).b).to.not.equal((original.a[1] as { b: Date }).b);
    expect(copy.m.get('k')).to.not.equal(original.m.get('k'));
    expect(copy.s).to.not.equal(original.s);
    expect(copy.bytes).to.not.equal(original.bytes);
  });
});
