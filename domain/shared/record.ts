/**
 * What every tenant record has: its id, the tenant it belongs to (every query is scoped by it),
 * and when it was created and last updated (written by the application from its clock).
 */
export interface TenantRecord {
  id: string;
  tenantId: string;
  createdAt: Date;
  updatedAt: Date;
}
