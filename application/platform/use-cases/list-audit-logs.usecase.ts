import type { PageRequest } from '../../shared/ports.js';
import type { AuditFilter, AuditLog } from '../ports.js';

type Deps = { auditLog: AuditLog };

export const makeListAuditLogs =
  ({ auditLog }: Deps) =>
  (tenantId: string, filter: AuditFilter, page: PageRequest) =>
    auditLog.list(tenantId, filter, page);
