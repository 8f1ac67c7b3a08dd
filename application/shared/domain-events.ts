import type { Order } from '../../domain/commerce/order.js';
import type { Certificate } from '../../domain/learning/certificate.js';
import type { Course } from '../../domain/learning/course.js';
import type { Enrollment } from '../../domain/learning/enrollment.js';
import type { AssignmentReason, Lead, LeadStatus } from '../../domain/crm/lead.js';
import type { Submission } from '../../domain/assessment/assignment.js';

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

/**
 * What each event carries, as domain values: the payload's wire shape is made at the edge
 * (`EventPayloads`), where it is written.
 */
export interface DomainEventData {
  'lead.created': { lead: Lead };
  'lead.assigned': { lead: Lead; fromUserId: string | null; toUserId: string; reason: AssignmentReason };
  /** `reason` says what moved it when that was not a person's edit (a payment). */
  'lead.status_changed': { lead: Lead; fromStatus: LeadStatus; toStatus: LeadStatus; reason?: string };
  'order.paid': { order: Order; paymentMethod: string | null };
  'order.refunded': { order: Order };
  'enrollment.created': { enrollment: Enrollment };
  'course.completed': { userId: string; course: Pick<Course, 'id' | 'title'>; completedAt: Date };
  'certificate.issued': { certificate: Certificate };
  'assignment.graded': { submission: Submission };
}

/** snake_case, dates as Date or ISO strings. */
export type WirePayload = Record<string, unknown>;

export interface DomainEvents {
  publish<T extends DomainEventType>(tenantId: string, type: T, data: DomainEventData[T]): Promise<void>;
  /** One event of `type` per item, as many `publish` calls would write them, in a few statements however many. */
  publishEach<T extends DomainEventType>(tenantId: string, type: T, items: readonly DomainEventData[T][]): Promise<void>;
}

/** The wire shape of an event's `data` (docs/webhooks.md), made when the event is written. */
export type EventPayloads = <T extends DomainEventType>(type: T, data: DomainEventData[T]) => WirePayload;
