import type { RequestMeta } from '../shared/actor.js';
import type { AuditEntry, AuditLog } from './ports.js';

/** What an audit entry says about the change itself; who made it and from where come from the request. */
export type AuditedChange = Pick<AuditEntry, 'action' | 'resourceType' | 'resourceId'> & { metadata?: Record<string, unknown> };

/**
 * Records a change with who made it (an actor, a principal, or a tenant with a user id) and the
 * request it came from (IP, user agent): the one shape of every audit entry the use cases write.
 */
export const recordAudit = (
  auditLog: AuditLog,
  by: Pick<AuditEntry, 'tenantId' | 'userId'>,
  meta: RequestMeta,
  change: AuditedChange,
): Promise<void> =>
  auditLog.record({
    tenantId: by.tenantId,
    userId: by.userId,
    action: change.action,
    resourceType: change.resourceType,
    resourceId: change.resourceId,
    ...meta,
    metadata: change.metadata ?? {},
  });
