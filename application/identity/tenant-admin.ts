import type { Clock, IdGenerator, UnitOfWork } from '../shared/ports.js';
import type { AuditLog, FileStorage } from '../platform/ports.js';
import type { TenantRepository } from './ports/tenant-repository.js';

export type TenantAdminDeps = { tenantRepository: TenantRepository; auditLog: AuditLog; fileStorage: FileStorage; clock: Clock; ids: IdGenerator; uow: UnitOfWork };
export type TenantError = 'TENANT_NOT_FOUND' | 'SLUG_TAKEN' | 'DEFAULT_TENANT_PROTECTED';
