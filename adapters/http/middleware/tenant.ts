import type { Middleware } from 'koa';
import type { Tenant } from '../../../domain/identity/tenant.js';
import { HttpError } from '../kit/errors.js';

type ResolveTenant = (hint: { header?: string | undefined; subdomain?: string | undefined }) => Promise<Tenant | null>;

/**
 * Contract §4: `X-Tenant-ID` (slug or id), else the subdomain of BASE_DOMAIN, else `default`
 * (resolveTenant caches its answers).
 */
export function tenantMiddleware(resolveTenant: ResolveTenant, baseDomain: string | undefined): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('X-Tenant-ID') || undefined;
    let subdomain: string | undefined;
    if (!header && baseDomain) {
      const host = ctx.hostname.toLowerCase();
      if (host.endsWith(`.${baseDomain}`)) subdomain = host.slice(0, -baseDomain.length - 1).split('.').pop();
    }
    const tenant = await resolveTenant({ header, subdomain });
    if (!tenant) throw new HttpError(404, 'Tenant not found');
    ctx.state.tenant = tenant;
    await next();
  };
}
