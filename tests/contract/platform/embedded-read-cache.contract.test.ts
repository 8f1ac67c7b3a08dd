import { expect } from 'chai';
import sinon from 'sinon';
import type { PGlite } from '@electric-sql/pglite';
import { createKnex, type Knex } from '../../../infrastructure/db/knex.js';
import { PgLiteStatements } from '../../../infrastructure/db/pglite-statements.js';

describe('contract: embedded read cache (knex over PGlite)', function () {
  this.timeout(60_000);
  let knex: Knex;
  let executed: sinon.SinonSpy;

  before(async () => {
    knex = createKnex({ embeddedDir: null });
    await knex.raw('create table shelf (id int primary key, label text not null, meta jsonb)');
    await knex.raw('create table book (id int primary key, shelf_id int not null references shelf (id) on delete cascade, title text not null)');
    await knex('shelf').insert([{ id: 1, label: 'one', meta: { tags: ['a'] } }, { id: 2, label: 'two', meta: null }]);
    await knex('book').insert([{ id: 10, shelfId: 1, title: 'x' }, { id: 20, shelfId: 2, title: 'y' }]);
    const pglite = (knex.client.config.connection as { pglite: PGlite }).pglite;
    executed = sinon.spy(PgLiteStatements.of(pglite), 'query');
  });
  beforeEach(() => executed.resetHistory());
  after(() => knex.destroy());

  const sqlRun = (fragment: string) => executed.getCalls().filter((c) => String(c.args[0]).includes(fragment)).length;

  it('answers a repeated read from memory, and a read with other parameters from the database', async () => {
    const first = await knex('shelf').where({ id: 1 }).first();
    const second = await knex('shelf').where({ id: 1 }).first();
    expect(second).to.deep.equal(first).and.to.include({ label: 'one' });
    expect(sqlRun('from "shelf"')).to.equal(1);
    await knex('shelf').where({ id: 2 }).first();
    expect(sqlRun('from "shelf"')).to.equal(2);
  });

  it('reads again after any write to a table the read names, however the write is spelled', async () => {
    const titles = () => knex('book').join('shelf', 'shelf.id', 'book.shelf_id').orderBy('book.id').pluck('book.title');
    expect(await titles()).to.deep.equal(['x', 'y']);
    await knex.raw(`update shelf set label = 'uno' where id = 1`);
    expect(await titles()).to.deep.equal(['x', 'y']);
    expect(sqlRun('from "book"')).to.equal(2);
    await knex('book').insert({ id: 30, shelfId: 1, title: 'z' });
    expect(await titles()).to.deep.equal(['x', 'y', 'z']);
    await knex('book').where({ id: 30 }).update({ title: 'zz' });
    expect(await titles()).to.deep.equal(['x', 'y', 'zz']);
  });

  it('follows cascading deletes into the tables they reach', async () => {
    await knex('shelf').insert({ id: 3, label: 'three' });
    await knex('book').insert({ id: 31, shelfId: 3, title: 'gone soon' });
    expect(await knex('book').where({ shelfId: 3 }).pluck('title')).to.deep.equal(['gone soon']);
    await knex('shelf').where({ id: 3 }).delete();
    expect(await knex('book').where({ shelfId: 3 }).pluck('title')).to.deep.equal([]);
  });

  it('never serves a transaction stale or uncommitted rows', async () => {
    expect(await knex('shelf').where({ id: 2 }).first()).to.include({ label: 'two' });
    await knex
      .transaction(async (trx) => {
        await trx('shelf').where({ id: 2 }).update({ label: 'draft' });
        expect(await trx('shelf').where({ id: 2 }).first()).to.include({ label: 'draft' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await knex('shelf').where({ id: 2 }).first()).to.include({ label: 'two' });
    await knex.transaction((trx) => trx('shelf').where({ id: 2 }).update({ label: 'final' }));
    expect(await knex('shelf').where({ id: 2 }).first()).to.include({ label: 'final' });
  });

  it('keeps no answer that depends on the clock, and none of the catalogue', async () => {
    await knex.raw('select id, now() as at from shelf where id = ?', [1]);
    await knex.raw('select id, now() as at from shelf where id = ?', [1]);
    expect(sqlRun('now()')).to.equal(2);
    await knex.raw(`select count(*) from pg_class where relname = 'shelf'`);
    await knex.raw(`select count(*) from pg_class where relname = 'shelf'`);
    expect(sqlRun('pg_class')).to.equal(2);
  });

  it('hands out copies: changing an answer does not change the next one', async () => {
    for (let read = 0; read < 3; read++) {
      const answer = await knex('shelf').where({ id: 1 }).first();
      expect(answer.meta).to.deep.equal({ tags: ['a'] });
      expect(answer.label).to.equal('uno');
      (answer.meta as { tags: string[] }).tags.push('mutated');
      answer.label = 'mutated';
    }
    expect(sqlRun('from "shelf"')).to.equal(1);
  });

  it('keeps the answers of tables an insert … select only reads from', async () => {
    await knex('shelf').where({ id: 1 }).first();
    await knex.raw('insert into book (id, shelf_id, title) select 40, id, label from shelf where id = 1');
    executed.resetHistory();
    await knex('shelf').where({ id: 1 }).first();
    expect(sqlRun('from "shelf"')).to.equal(0);
    expect(await knex('book').where({ id: 40 }).first()).to.include({ shelfId: 1, title: 'uno' });
  });

  it('keeps no answer too big for its share of memory', async () => {
    await knex('shelf').insert({ id: 9, label: 'x'.repeat(5_000_000) });
    for (let read = 0; read < 2; read++) expect((await knex('shelf').where({ id: 9 }).first()).label).to.have.length(5_000_000);
    expect(sqlRun('from "shelf"')).to.equal(2);
    for (let read = 0; read < 2; read++) await knex('shelf').where({ id: 1 }).first();
    expect(sqlRun('from "shelf"')).to.equal(3);
  });

  it('answers reads whose values have no JSON form (bigints), without keeping them', async () => {
    const read = () => knex.raw<{ rows: Array<{ ids: unknown[] }> }>('select array[9007199254740993, 1]::int8[] as ids from shelf where id = ?', [1]);
    expect((await read()).rows[0]!.ids).to.have.length(2);
    expect((await read()).rows[0]!.ids).to.have.length(2);
    expect(sqlRun('::int8[]')).to.equal(2);
  });

  it('reads again after a schema change', async () => {
    expect(await knex('shelf').where({ id: 1 }).first()).to.not.have.property('color');
    await knex.schema.alterTable('shelf', (t) => t.text('color').defaultTo('red'));
    expect(await knex('shelf').where({ id: 1 }).first()).to.include({ color: 'red' });
  });
});
