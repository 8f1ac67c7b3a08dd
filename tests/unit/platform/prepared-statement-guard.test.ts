import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import { prepared } from '../../../adapters/persistence/pg/knex-helpers.js';
import { watchPreparedStatements } from '../../support/prepared-statement-guard.js';

describe('prepared statement guard (tests/support)', () => {
  // A client that never connects: the guard only listens to knex's `query` events.
  const client = () => knex({ client: 'pg' });
  const emit = (k: Knex, query: { toSQL(): Knex.Sql }) => k.emit('query', query.toSQL());

  it('reports a name seen with two SQL texts', async () => {
    const k = client();
    const guard = watchPreparedStatements(k);
    emit(k, k.table('courses').where({ id: 'a' }).options(prepared('course')));
    emit(k, k.table('courses').where({ id: 'b' }).options(prepared('course')));
    expect(guard.problems()).to.deep.equal([]);
    emit(k, k.table('courses').where({ id: 'a', tenantId: 't' }).options(prepared('course')));
    expect(guard.problems()).to.have.length(1);
    expect(guard.problems()[0]).to.contain('"course"');
    await k.destroy();
  });

  it('ignores unnamed statements and keeps names apart', async () => {
    const k = client();
    const guard = watchPreparedStatements(k);
    emit(k, k.table('courses').where({ id: 'a' }));
    emit(k, k.table('courses').whereIn('id', ['a', 'b']));
    emit(k, k.table('courses').where({ id: 'a' }).options(prepared('one')));
    emit(k, k.table('lessons').where({ id: 'a' }).options(prepared('two')));
    expect(guard.problems()).to.deep.equal([]);
    await k.destroy();
  });
});
