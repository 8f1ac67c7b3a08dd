import type { Tenant } from '../../../domain/identity/tenant.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface TenantRepository {
  findById(id: string): Promise<Tenant | null>;
  findBySlug(slug: string): Promise<Tenant | null>;
  list(page: PageRequest, search?: string): Promise<Page<Tenant>>;
  insert(tenant: Tenant): Promise<void>;
  update(tenant: Tenant): Promise<void>;
  delete(id: string): Promise<void>;
}
