import type { TenantRecord } from '../../../domain/shared/record.js';
import type { Page, PageRequest } from '../../shared/ports.js';

/** A record of an admin resource's table: a tenant record like any other. */
export type StoredRecord = TenantRecord;

export type WriteOutcome = 'ok' | 'conflict';

/**
 * Storage of a flat admin resource (learning assets, library items, pricing, promo codes):
 * one table, searched on its text columns, unique keys reported as `conflict`.
 */
export interface RecordStore<T extends StoredRecord> {
  findById(tenantId: string, id: string): Promise<T | null>;
  /** Reads and locks the record until the unit of work ends (`SELECT … FOR UPDATE`): read-modify-write without losing concurrent changes. */
  lock(tenantId: string, id: string): Promise<T | null>;
  /** Newest first; `filter` matches columns exactly. */
  list(tenantId: string, query: { search?: string | undefined; filter?: Partial<T> }, page: PageRequest): Promise<Page<T>>;
  insert(row: T): Promise<WriteOutcome>;
  update(row: T): Promise<WriteOutcome>;
  delete(tenantId: string, id: string): Promise<boolean>;
}
