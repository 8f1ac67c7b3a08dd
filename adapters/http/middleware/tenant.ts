import type { Middleware } from 'koa';
import type { Tenant } from '../../../domain/identity/tenant.js';
import { HttpError } from '../kit/errors.js';

type ResolveTenant = (hint: { header?: string | undefined; subdomain?: string | undefined }) => Promise<Tenant | null>;

/**
 * Contract §4: `X-Tenant-ID` (slug or id), else the subdomain of BASE_DOMAIN, else `default`.
 * Resolutions are cached briefly: every request needs one and tenants rarely change.
 */
export function tenantMiddleware(resolveTenant: ResolveTenant, baseDomain: string | undefined, cacheMs = 5000): Middleware {
  const cache = new Map<string, { tenant: Tenant | null; until: number }>();
  return async (ctx, next) => {
    const header = ctx.get('X-Tenant-ID') || undefined;
    let subdomain: string | undefined;
    if (!header && baseDomain) {
      const host = ctx.hostname.toLowerCase();
      if (host.endsWith(`.${baseDomain}`)) subdomain = host.slice(0, -baseDomain.length - 1).split('.').pop();
    }
    const key = `${header ?? ''}|${subdomain ?? ''}`;
    let hit = cache.get(key);
    if (!hit || hit.until < Date.now()) {
      hit = { tenant: await resolveTenant({ header, subdomain }), until: Date.now() + cacheMs };
      if (cache.size > 10_000) cache.clear();
      cache.set(key, hit);
    }
    if (!hit.tenant) throw new HttpError(404, 'Tenant not found');
    ctx.state.tenant = hit.tenant;
    await next();
  };
}
