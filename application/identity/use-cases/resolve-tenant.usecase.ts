import { DEFAULT_TENANT_SLUG, type Tenant } from '../../../domain/identity/tenant.js';
import type { IdentityDeps } from '../deps.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = Pick<IdentityDeps, 'tenantRepository' | 'tenantCache'>;

/**
 * Tenant of a request (contract §4): the `X-Tenant-ID` header (slug or id), else the subdomain
 * of BASE_DOMAIN, else `default`. Unknown and disabled tenants resolve to null (404). Every
 * request needs one, so answers are cached; tenant writes invalidate them.
 */
export const makeResolveTenant =
  ({ tenantRepository, tenantCache }: Deps) =>
  async (hint: { header?: string | undefined; subdomain?: string | undefined }): Promise<Tenant | null> => {
    const key = (hint.header?.trim() || hint.subdomain || DEFAULT_TENANT_SLUG).toLowerCase();
    return tenantCache.read(key, async () => {
      const tenant = UUID.test(key) ? await tenantRepository.findById(key) : await tenantRepository.findBySlug(key);
      return tenant && tenant.status === 'active' ? tenant : null;
    });
  };
