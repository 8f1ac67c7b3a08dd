import { expect } from 'chai';
import { Database } from '../../../infrastructure/db/database.js';
import { harness } from '../../support/harness.js';

/** The unit of work on the configured engine (PGlite, or PostgreSQL with DATABASE_URL). */
describe('contract: unit of work (Database)', () => {
  const setup = async () => {
    const h = await harness();
    const failures: unknown[] = [];
    const db = new Database(h.app.db.knex, (error) => failures.push(error));
    const table = `uow_${Math.random().toString(36).slice(2, 10)}`;
    await db.knex.schema.createTable(table, (t) => t.integer('n').primary());
    const count = async () => Number(((await db.knex(table).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);
    return { db, table, failures, count };
  };

  it('runs single-statement work outside a transaction, post-commit callbacks after the write', async () => {
    const { db, table, count } = await setup();
    const seen: number[] = [];
    await db.run(
      async () => {
        expect(db.inTransaction()).to.equal(false);
        expect(db.q()).to.equal(db.knex);
        await db.q()(table).insert({ n: 1 });
        await db.afterCommit(async () => {
          seen.push(await count());
        });
        expect(seen, 'the callback waits for the work').to.deep.equal([]);
      },
      { singleStatement: true },
    );
    expect(seen).to.deep.equal([1]);
  });

  it('reports a failing post-commit callback of single-statement work instead of throwing (the write stands)', async () => {
    const { db, table, failures, count } = await setup();
    const result = await db.run(
      async () => {
        await db.q()(table).insert({ n: 1 });
        await db.afterCommit(() => {
          throw new Error('queue away');
        });
        return 'stored';
      },
      { singleStatement: true },
    );
    expect(result).to.equal('stored');
    expect(failures.map((e) => (e as Error).message)).to.deep.equal(['queue away']);
    expect(await count()).to.equal(1);
  });

  it('drops the callbacks of single-statement work that fails', async () => {
    const { db, table } = await setup();
    let ran = false;
    await db.q()(table).insert({ n: 1 });
    const failed = await db
      .run(
        async () => {
          await db.afterCommit(() => {
            ran = true;
          });
          await db.q()(table).insert({ n: 1 }); // duplicate key
        },
        { singleStatement: true },
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).to.be.instanceOf(Error);
    expect(ran).to.equal(false);
  });

  it('opens a real transaction for transactional work nested in single-statement work, and joins an outer transaction', async () => {
    const { db, table, count } = await setup();
    await db.run(
      async () => {
        const rolledBack = await db
          .run(async () => {
            expect(db.inTransaction()).to.equal(true);
            await db.q()(table).insert({ n: 1 });
            throw new Error('undo');
          })
          .then(
            () => false,
            () => true,
          );
        expect(rolledBack).to.equal(true);
      },
      { singleStatement: true },
    );
    expect(await count(), 'the nested transaction rolled back').to.equal(0);

    const undone = await db
      .run(async () => {
        await db.q()(table).insert({ n: 2 });
        await db.run(
          async () => {
            expect(db.inTransaction(), 'single-statement work inside a transaction joins it').to.equal(true);
            await db.q()(table).insert({ n: 3 });
          },
          { singleStatement: true },
        );
        throw new Error('undo both');
      })
      .then(
        () => false,
        () => true,
      );
    expect(undone).to.equal(true);
    expect(await count()).to.equal(0);
  });
  it('keeps each unit of work in its own transaction while others begin and end beside it, and none after the last', async () => {
    const { db, table, count } = await setup();
    // The storage is disabled whenever no unit of work is under way: one ending must not take the others' frames with it.
    let releaseLong!: () => void;
    const longHeld = new Promise<void>((resolve) => (releaseLong = resolve));
    const long = db.run(async () => {
      const trx = db.q();
      expect(db.inTransaction()).to.equal(true);
      await db.q()(table).insert({ n: 10 });
      await longHeld;
      expect(db.q(), 'the same transaction after the others ended').to.equal(trx);
      await db.q()(table).insert({ n: 11 });
      return 'long';
    });
    // Single-statement work beside it, which queries nothing (the embedded engine's one connection is the transaction's):
    // each has its own frame, whose post-commit callbacks wait for its end.
    const after: number[] = [];
    const shorts = await Promise.all(
      [1, 2].map((n) =>
        db.run(
          async () => {
            expect(db.inTransaction()).to.equal(false);
            await db.afterCommit(() => void after.push(n));
            await new Promise((resolve) => setTimeout(resolve, 5));
            expect(after, 'its callback waits for its end').to.not.include(n);
            return n;
          },
          { singleStatement: true },
        ),
      ),
    );
    expect(after.sort()).to.deep.equal([1, 2]);
    expect(shorts).to.deep.equal([1, 2]);
    releaseLong();
    expect(await long).to.equal('long');
    expect(db.inTransaction(), 'no frame once every unit of work ended').to.equal(false);
    expect(db.q()).to.equal(db.knex);
    expect(await count()).to.equal(2);
    // And a unit of work after them all has its transaction again.
    await db.run(async () => {
      expect(db.inTransaction()).to.equal(true);
      await db.q()(table).insert({ n: 12 });
    });
    expect(await count()).to.equal(3);
  });
});
