import type { Cache, Clock, IdGenerator, UnitOfWork } from '../shared/ports.js';
import type { Tenant } from '../../domain/identity/tenant.js';
import type { AuditLog, FileStorage } from '../platform/ports.js';
import type { TenantRepository } from './ports/tenant-repository.js';

export type TenantAdminDeps = {
  tenantRepository: TenantRepository; tenantCache: Cache<Tenant | null>; auditLog: AuditLog; fileStorage: FileStorage; clock: Clock; ids: IdGenerator; uow: UnitOfWork;
};
export type TenantError = 'TENANT_NOT_FOUND' | 'SLUG_TAKEN' | 'DEFAULT_TENANT_PROTECTED';

/**
 * Resolutions are cached by slug and by id (and a new slug may have been cached as unknown), so a
 * tenant write forgets them all, once committed: a request racing the change cannot keep the old one.
 */
export const forgetResolutionsAfterCommit = ({ uow, tenantCache }: Pick<TenantAdminDeps, 'uow' | 'tenantCache'>): Promise<void> =>
  uow.afterCommit(() => tenantCache.invalidateAll());
