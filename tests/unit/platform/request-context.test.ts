import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { requestContext } from '../../../adapters/http/middleware/request-context.js';

/** A Koa app with only the request context, its log lines kept. */
function app(traceId?: () => string | undefined) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()),
  });
  const koa = new Koa();
  koa.use(requestContext(pino({ level: 'debug' }, sink), () => {}, undefined, traceId));
  koa.use((ctx) => (ctx.body = { requestId: ctx.state.requestId as string }));
  return { http: request(koa.callback()), lines };
}

describe('request context: the request id', () => {
  it('is the trace id when tracing is on, whatever the caller sent, in the answer, the state and the log line', async () => {
    const traced = app(() => '0af7651916cd43dd8448eb211c80319c');
    const res = await traced.http.get('/x').set('X-Request-Id', 'caller-id');
    expect(res.headers['x-request-id']).to.equal('0af7651916cd43dd8448eb211c80319c');
    expect(res.body).to.deep.equal({ requestId: '0af7651916cd43dd8448eb211c80319c' });
    expect(traced.lines.find((l) => l.msg === 'request')?.reqId).to.equal('0af7651916cd43dd8448eb211c80319c');
  });

  it("is the caller's sane id, or a new one, when tracing is off or no span is active", async () => {
    for (const traceId of [undefined, () => undefined]) {
      const { http } = app(traceId);
      expect((await http.get('/x').set('X-Request-Id', 'caller-id')).headers['x-request-id']).to.equal('caller-id');
      expect((await http.get('/x').set('X-Request-Id', 'bad id {}')).headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    }
  });
});
