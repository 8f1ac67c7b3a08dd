export interface Tenant {
  id: string;
  slug: string;
  name: string;
  status: TenantStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** `deleting`: a deletion was asked for; requests to it answer 404 while a job removes its rows. */
export type TenantStatus = 'active' | 'disabled' | 'deleting';

/** How far a tenant's deletion has come: tables are emptied one after another, children first. */
export interface TenantDeletion {
  requestedAt: Date;
  tablesDone: number;
  tablesTotal: number;
  rowsDeleted: number;
}

export const DEFAULT_TENANT_SLUG = 'default';

/** Slugs double as subdomains, so they follow DNS label rules. */
export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
