import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../../../infrastructure/logger.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Every request gets an id (the caller's `X-Request-Id` when it is sane, else a new one),
 * echoed in the response and in the one log line written when the response is done; whatever
 * the chain throws is answered by `answerError` first, so the line shows the status sent. One
 * middleware for both: each layer of the chain is a promise hop on every request. Query strings
 * are left out of logs: some carry tokens (calendar feeds, webhook challenges).
 *
 * With tracing on (`traceId` given) the request id is the trace id, whatever the caller sent:
 * one id finds the request's log lines, its spans and its jobs' (a caller that wants its own id
 * to carry sends a W3C `traceparent`).
 */
export function requestContext(
  logger: Logger,
  answerError: (ctx: Context, error: unknown) => void,
  observe?: (ctx: Context, seconds: number) => void,
  traceId?: () => string | undefined,
): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = traceId?.() ?? (SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID());
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } catch (error) {
      answerError(ctx, error);
    } finally {
      if (observe) observe(ctx, Number(process.hrtime.bigint() - started) / 1e9);
      const level = ctx.status >= 500 ? 'error' : ctx.status >= 400 ? 'info' : 'debug';
      if (logger.isLevelEnabled(level)) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger[level](
          { reqId: requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, ip: ctx.ip },
          'request',
        );
      }
    }
  };
}
