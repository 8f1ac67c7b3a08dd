/**
 * Business events other systems may subscribe to (outbound webhooks, docs/webhooks.md). A use
 * case publishes inside its unit of work: what is published commits with the change that caused
 * it, or not at all.
 */
export const DOMAIN_EVENT_TYPES = [
  'lead.created',
  'lead.assigned',
  'lead.status_changed',
  'order.paid',
  'order.refunded',
  'enrollment.created',
  'course.completed',
  'certificate.issued',
  'assignment.graded',
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

export const isDomainEventType = (s: string): s is DomainEventType => (DOMAIN_EVENT_TYPES as readonly string[]).includes(s);

export interface DomainEvents {
  /** `data` is the event's wire shape (snake_case, dates as Date or ISO strings). */
  publish(tenantId: string, type: DomainEventType, data: Record<string, unknown>): Promise<void>;
}
