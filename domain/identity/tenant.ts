export interface Tenant {
  id: string;
  slug: string;
  name: string;
  status: TenantStatus;
  createdAt: Date;
  updatedAt: Date;
}

export type TenantStatus = 'active' | 'disabled';

export const DEFAULT_TENANT_SLUG = 'default';

/** Slugs double as subdomains, so they follow DNS label rules. */
export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
