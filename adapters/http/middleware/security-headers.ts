import type { Middleware } from 'koa';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, set by helmet itself. Its middleware sets them synchronously and calls
 * `next` before returning, so it runs in place rather than behind a promise (koa-helmet's
 * `promisify` cost a promise and a tick on every request).
 */
export function securityHeaders(options: HelmetOptions): Middleware {
  const setHeaders = helmet(options);
  return (ctx, next) => {
    let failure: unknown;
    setHeaders(ctx.req, ctx.res, (error?: unknown) => {
      failure = error;
    });
    if (failure) throw failure;
    return next();
  };
}
