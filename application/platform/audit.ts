import type { TenantRecord } from '../../domain/shared/record.js';
import type { RequestMeta } from '../shared/actor.js';
import { merge } from '../../domain/shared/merge.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { err, ok, type Result } from '../shared/result.js';
import type { AuditedCommand } from '../shared/use-case.js';
import type { AuditEntry, AuditLog } from './ports.js';

/** What an audit entry says about the change itself; who made it and from where come from the request. */
export type AuditedChange = Pick<AuditEntry, 'action' | 'resourceType' | 'resourceId'> & { metadata?: Record<string, unknown> };

/** Who made a change: an actor, a principal, or a tenant with a user id. */
export type AuditedBy = Pick<AuditEntry, 'tenantId' | 'userId'>;

/** An audited write: the log, and the unit of work the write shares with its entry. */
export interface AuditedWriteDeps {
  auditLog: AuditLog;
  uow: UnitOfWork;
}

/**
 * Records a change with who made it and the request it came from (IP, user agent): the one shape
 * of every audit entry the use cases write.
 */
export const recordAudit = (auditLog: AuditLog, by: AuditedBy, meta: RequestMeta, change: AuditedChange): Promise<void> =>
  auditLog.record({
    tenantId: by.tenantId,
    userId: by.userId,
    action: change.action,
    resourceType: change.resourceType,
    resourceId: change.resourceId,
    ...meta,
    metadata: change.metadata ?? {},
  });

/**
 * A write and its audit entry in one unit of work: no entry is kept for a write that rolled back,
 * and no write goes without its entry.
 */
export const auditedWrite = (
  d: AuditedWriteDeps,
  by: AuditedBy,
  meta: RequestMeta,
  write: () => Promise<unknown>,
  change: AuditedChange,
): Promise<void> =>
  d.uow.run(async () => {
    await write();
    await recordAudit(d.auditLog, by, meta, change);
  });

/**
 * A delete and its audit entry in one unit of work. `remove` answers whether it found something to
 * delete; when it did not (never there, or gone in a concurrent delete), the answer is `notFound`
 * and nothing is audited.
 */
export const auditedRemove = <E extends string>(
  d: AuditedWriteDeps,
  by: AuditedBy,
  meta: RequestMeta,
  remove: () => Promise<boolean>,
  notFound: E,
  change: AuditedChange,
): Promise<Result<null, E>> =>
  d.uow.run(async () => {
    if (!(await remove())) return err(notFound);
    await recordAudit(d.auditLog, by, meta, change);
    return ok(null);
  });

/** Where a record is read and written back by its id. */
export interface UpdatableStore<T> {
  findById(tenantId: string, id: string): Promise<T | null>;
  update(record: T): Promise<unknown>;
}

/**
 * The plain update of a record (contract §2: any subset of its fields): the changes on top of the
 * stored record (`merge`), its update time now, written with its audit entry in one unit of work;
 * `notFound` when the caller's tenant has no such record.
 */
export const auditedUpdate =
  <T extends TenantRecord, C extends Partial<T>, E extends string>(
    d: AuditedWriteDeps & { clock: Clock },
    store: UpdatableStore<T>,
    notFound: E,
    change: (id: string, changes: C) => AuditedChange,
  ): AuditedCommand<[id: string, changes: C], T, E> =>
  async (actor, meta, id, changes) => {
    const current = await store.findById(actor.tenantId, id);
    if (!current) return err(notFound);
    const updated: T = { ...merge(current, changes), updatedAt: d.clock.now() };
    await auditedWrite(d, actor, meta, () => store.update(updated), change(id, changes));
    return ok(updated);
  };
