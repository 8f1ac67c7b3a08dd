/**
 * A live event for some users of a tenant, delivered over SSE as an event of this `type`: a new
 * chat message, or a lead handed to its assignee (CRM).
 */
export interface ChatEvent {
  tenantId: string;
  recipientIds: string[];
  type: 'message' | 'lead.assigned';
  /** The wire view, as JSON would carry it. */
  data: Record<string, unknown>;
}

/**
 * Publishes to every API process (Redis pub/sub with REDIS_URL, in memory otherwise). Best
 * effort: messages are stored before they are published, so a lost event costs only liveness.
 */
export interface ChatEventPublisher {
  publish(event: ChatEvent): Promise<void>;
}
