import type { Context } from 'koa';
import type { RequestMeta } from '../../../application/shared/actor.js';
import type { Tenant } from '../../../domain/identity/tenant.js';
import { HttpError } from './errors.js';

/** The bearer token; '' for a present but malformed header (a token that fails validation). */
export function bearerOf(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

export const requestMeta = (ctx: Context): RequestMeta => ({ ip: ctx.ip || null, userAgent: ctx.get('User-Agent').slice(0, 500) || null });

export type ResolveTenant = (hint: { header?: string | undefined; subdomain?: string | undefined }) => Promise<Tenant | null>;

/**
 * Contract §4: `X-Tenant-ID` (slug or id), else the subdomain of BASE_DOMAIN, else `default`
 * (resolveTenant caches its answers). Called by each route's chain rather than mounted as a
 * middleware of its own, which would cost every request another promise hop.
 */
export async function resolveRequestTenant(ctx: Context, resolveTenant: ResolveTenant, baseDomain: string | undefined): Promise<Tenant> {
  const header = ctx.get('X-Tenant-ID') || undefined;
  let subdomain: string | undefined;
  if (!header && baseDomain) {
    const host = ctx.hostname.toLowerCase();
    if (host.endsWith(`.${baseDomain}`))
      subdomain = host
        .slice(0, -baseDomain.length - 1)
        .split('.')
        .pop();
  }
  const tenant = await resolveTenant({ header, subdomain });
  if (!tenant) throw new HttpError(404, 'Tenant not found', undefined, { code: 'UNKNOWN_TENANT' });
  return tenant;
}
