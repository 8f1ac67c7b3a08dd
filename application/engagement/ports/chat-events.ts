/** A live event for some users of a tenant (a new chat message), delivered over SSE. */
export interface ChatEvent {
  tenantId: string;
  recipientIds: string[];
  type: 'message';
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
