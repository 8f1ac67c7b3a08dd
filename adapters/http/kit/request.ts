import type { Context } from 'koa';
import type { RequestMeta } from '../../../application/shared/actor.js';

/** The bearer token; '' for a present but malformed header (a token that fails validation). */
export function bearerOf(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

export const requestMeta = (ctx: Context): RequestMeta => ({ ip: ctx.ip || null, userAgent: ctx.get('User-Agent').slice(0, 500) || null });
