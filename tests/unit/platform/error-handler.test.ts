import { expect } from 'chai';
import type { Context } from 'koa';
import { errorAnswer } from '../../../adapters/http/middleware/error-handler.js';
import { createLogger } from '../../../infrastructure/logger.js';

describe('HTTP error handler', () => {
  const handle = async (error: unknown) => {
    const ctx = { state: { requestId: 'r1' }, set: () => {} } as unknown as Context & { body: unknown };
    errorAnswer({}, createLogger('silent'))(ctx, error);
    return { status: ctx.status, body: ctx.body };
  };

  it('answers a write on a record deleted meanwhile (foreign-key violation) as 404, not 500', async () => {
    const fk = Object.assign(new Error('insert on table "quiz_attempts" violates foreign key constraint'), { code: '23503' });
    expect(await handle(fk)).to.deep.equal({ status: 404, body: { success: false, message: 'Record not found', code: 'NOT_FOUND' } });
    expect((await handle(new Error('bug'))).status).to.equal(500);
  });

  it('answers a dependency that is away as 503, also when objection or an AggregateError wraps it', async () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    const unavailable = { status: 503, body: { success: false, message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' } };
    for (const error of [
      pgError('53300', 'sorry, too many clients already'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is shutting down'),
      pgError('08006', 'connection failure'),
      // objection's DBError: the driver's error (and its code) is only its `nativeError`.
      Object.assign(new Error('the database system is starting up'), {
        name: 'DBError',
        nativeError: pgError('57P03', 'the database system is starting up'),
      }),
      Object.assign(new Error('select failed'), { nativeError: pgError('53300', 'remaining connection slots are reserved') }),
      new AggregateError(
        [pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'), pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
        '',
      ),
      new Error('write failed', { cause: pgError('ECONNRESET', 'read ECONNRESET') }),
      new Error('Command timed out'),
    ]) {
      expect(await handle(error), String((error as Error).message)).to.deep.equal(unavailable);
    }
    expect((await handle(pgError('23505', 'duplicate key value violates unique constraint'))).status).to.equal(500);
    expect((await handle(Object.assign(new Error('syntax error'), { nativeError: pgError('42601', 'syntax error') }))).status).to.equal(
      500,
    );
  });
});
