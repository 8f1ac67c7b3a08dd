import type { ChatMessage } from '../../../domain/engagement/chat.js';
import type { DomainEventData } from '../../shared/domain-events.js';

/**
 * A live event for some users of a tenant, delivered over SSE as an event of this `type`: a new
 * chat message, or a lead handed to its assignee (CRM). It carries domain values: the adapter
 * that puts it on the stream gives it its wire shape.
 */
export type ChatEvent = { tenantId: string; recipientIds: string[] } & (
  { type: 'message'; message: ChatMessage } | { type: 'lead.assigned'; assignment: DomainEventData['lead.assigned'] }
);

/**
 * Publishes to every API process (Redis pub/sub with REDIS_URL, in memory otherwise). Best
 * effort: messages are stored before they are published, so a lost event costs only liveness.
 */
export interface ChatEventPublisher {
  publish(event: ChatEvent): Promise<void>;
}
