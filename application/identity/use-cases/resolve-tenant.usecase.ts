import { DEFAULT_TENANT_SLUG, type Tenant } from '../../../domain/identity/tenant.js';
import type { TenantRepository } from '../ports/tenant-repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = { tenantRepository: TenantRepository };

/**
 * Tenant of a request (contract §4): the `X-Tenant-ID` header (slug or id), else the subdomain
 * of BASE_DOMAIN, else `default`. Unknown and disabled tenants resolve to null (404).
 */
export const makeResolveTenant = ({ tenantRepository }: Deps) =>
  async (hint: { header?: string | undefined; subdomain?: string | undefined }): Promise<Tenant | null> => {
    const key = hint.header?.trim() || hint.subdomain || DEFAULT_TENANT_SLUG;
    const tenant = UUID.test(key) ? await tenantRepository.findById(key.toLowerCase()) : await tenantRepository.findBySlug(key.toLowerCase());
    return tenant && tenant.status === 'active' ? tenant : null;
  };
