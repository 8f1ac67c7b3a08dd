import type { Context } from 'koa';
import { ZodError } from 'zod';
import type { Logger } from '../../../infrastructure/logger.js';
import { isUnavailable } from '../../../infrastructure/unavailable.js';
import { failure } from '../kit/envelope.js';
import { codeOfStatus, DomainError, HttpError, type ErrorTable, type FieldProblem } from '../kit/errors.js';

/** Each invalid field with its problem (at most ten), what a client needs to fix the request. */
export const zodFieldProblems = (error: ZodError): FieldProblem[] =>
  error.issues
    .flatMap((i) => {
      // One problem per unknown parameter or field, under its own name, so each can be shown where it was sent.
      if (i.code === 'unrecognized_keys') return i.keys.map((key) => ({ path: [...i.path, key].join('.'), message: 'unknown parameter' }));
      return [{ path: i.path.length ? i.path.join('.') : 'body', message: i.message }];
    })
    .slice(0, 10);

/** "field.path: problem; …", the same problems as one line. */
export const describeZodError = (error: ZodError): string =>
  zodFieldProblems(error)
    .map((f) => `${f.path}: ${f.message}`)
    .join('; ');

const statusMessages: Record<number, string> = {
  400: 'Invalid parameters',
  401: 'Unauthorized',
  403: 'Insufficient permission',
  404: 'Record not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Rate limit exceeded',
  503: 'Service unavailable',
};

/**
 * A write that referred to a record deleted at the same moment (a quiz, lesson or module whose
 * delete won the race against an attempt, progress or submission on it): for the caller the
 * record is gone, as a later request would find it.
 */
const isForeignKeyViolation = (error: unknown): boolean => (error as { code?: unknown })?.code === '23503';

/**
 * The one place where failures become HTTP (style.md): domain error codes through the error
 * table, edge errors by status, validation errors as 400, and everything else as a 500 that
 * is logged with its stack but never shows it. The request context calls it for whatever the
 * rest of the chain throws.
 */
export function errorAnswer(table: ErrorTable, logger: Logger): (ctx: Context, error: unknown) => void {
  return (ctx, error) => {
    let status = 500;
    let message = 'Internal server error';
    let code: string | undefined;
    let detail: string | undefined;
    let fields: FieldProblem[] | undefined;
    if (error instanceof DomainError) {
      const mapped = table[error.code];
      if (mapped) {
        ({ status, message } = mapped);
        code = error.code;
        detail = error.detail;
      } else {
        logger.error({ err: error, reqId: ctx.state.requestId }, 'unmapped domain error');
      }
    } else if (error instanceof HttpError) {
      status = error.status;
      message = error.message;
      code = error.code;
      detail = error.detail;
      fields = error.fields;
      ctx.set(error.headers);
    } else if (error instanceof ZodError) {
      status = 400;
      message = 'Invalid parameters';
      detail = describeZodError(error);
      fields = zodFieldProblems(error);
    } else if (isForeignKeyViolation(error)) {
      status = 404;
      message = 'Record not found';
      logger.warn({ err: error, reqId: ctx.state.requestId }, 'write on a record deleted meanwhile');
    } else if (isUnavailable(error)) {
      status = 503;
      message = 'Service unavailable';
      logger.warn({ err: error, reqId: ctx.state.requestId }, 'dependency unavailable');
    } else {
      // koa-body, co-body and koa itself throw errors carrying an HTTP status.
      const e = error as { status?: unknown; expose?: unknown; type?: unknown; message?: unknown };
      if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
        status = e.status;
        message = statusMessages[status] ?? 'Bad request';
        if (status === 400) {
          fields = [{ path: 'body', message: String(e.message ?? 'malformed') }];
          detail = `body: ${fields[0]!.message}`;
        }
      } else {
        logger.error({ err: error, reqId: ctx.state.requestId }, 'unhandled error');
      }
    }
    ctx.status = status;
    ctx.body = failure(message, code ?? codeOfStatus(status), detail, fields);
  };
}
