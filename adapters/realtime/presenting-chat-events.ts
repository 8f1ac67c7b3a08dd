import type { ChatEventPublisher } from '../../application/engagement/ports/chat-events.js';
import { presentChatEvent } from '../http/wire/engagement.present.js';
import type { RealtimeBus } from './realtime-bus.js';

/** The use cases' `chatEvents`: each event gets its wire shape here, once, before it crosses processes. */
export const presentingChatEvents = (bus: RealtimeBus): ChatEventPublisher => ({
  publish: (event) => bus.publish(presentChatEvent(event)),
});
