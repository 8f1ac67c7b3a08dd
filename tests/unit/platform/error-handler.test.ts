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
});
