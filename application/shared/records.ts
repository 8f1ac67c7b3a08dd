import type { TenantRecord } from '../../domain/shared/record.js';
import type { IdGenerator } from './ports.js';

/**
 * What every new tenant record starts with: a fresh id (from the port, so tests control it), its
 * tenant (every row is scoped by one), and the caller's `now` as both its creation and last update.
 */
export const newRecord = (ids: IdGenerator, tenantId: string, now: Date): TenantRecord => ({
  id: ids.uuid(),
  tenantId,
  createdAt: now,
  updatedAt: now,
});
