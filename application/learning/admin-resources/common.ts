import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { auditedRemove, recordAudit, type AuditedChange } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type AdminResourceError =
  'RECORD_NOT_FOUND' | 'DUPLICATE_RECORD' | 'UNKNOWN_REFERENCE' | 'INVALID_RECORD' | 'CATEGORY_IN_USE' | 'PLAN_IN_USE';

export interface ListQuery {
  search?: string | undefined;
}

/**
 * One admin resource of `/api/lms/admin/resources/:resource`: its own input types and rules,
 * the same four operations. Writes are audited as `<resource>.<create|update|delete>`.
 */
export interface AdminResource<
  T,
  C,
  U,
  Q extends ListQuery = ListQuery,
  E extends AdminResourceError = AdminResourceError,
  // A create that checks nothing against other records cannot fail: its routes declare no error.
  CreateError extends AdminResourceError = E,
> {
  list(tenantId: string, query: Q, page: PageRequest): Promise<Page<T>>;
  create: AuditedCommand<[input: C], T, CreateError>;
  update: AuditedCommand<[id: string, input: U], T, E>;
  remove: AuditedCommand<[id: string], null, E>;
}

export type AuditDeps = Pick<LearningDeps, 'auditLog'>;

/** What a write on an admin resource says in the audit log: `<resource>.<verb>` on the record. */
export const resourceChange = (
  resource: string,
  verb: 'create' | 'update' | 'delete',
  id: string,
  metadata: Record<string, unknown> = {},
): AuditedChange => ({ action: `${resource}.${verb}`, resourceType: resource, resourceId: id, metadata });

export const audit = (
  d: AuditDeps,
  actor: Actor,
  meta: RequestMeta,
  resource: string,
  verb: 'create' | 'update' | 'delete',
  id: string,
  metadata: Record<string, unknown> = {},
) => recordAudit(d.auditLog, actor, meta, resourceChange(resource, verb, id, metadata));

/** The plain delete of a record: gone and audited as `<resource>.delete` in one unit of work, or RECORD_NOT_FOUND. */
export const removeRecord = (
  d: AuditDeps & Pick<LearningDeps, 'uow'>,
  actor: Actor,
  meta: RequestMeta,
  resource: string,
  id: string,
  remove: () => Promise<boolean>,
): Promise<Result<null, 'RECORD_NOT_FOUND'>> =>
  auditedRemove(d, actor, meta, remove, 'RECORD_NOT_FOUND', resourceChange(resource, 'delete', id));
