import type { ChatMessage } from '../../../domain/engagement/chat.js';
import type { Actor } from '../../shared/actor.js';
import type { EngagementDeps } from '../deps.js';

/** More missed messages than this are not replayed one by one: the client reloads its conversations. */
export const REPLAY_LIMIT = 500;

export interface Replay {
  /** Oldest first; empty when the caller missed more than REPLAY_LIMIT. */
  messages: ChatMessage[];
  /** False when more were missed than are replayed. */
  complete: boolean;
}

/**
 * What a reconnecting live stream missed (SSE `Last-Event-ID`, the last message it received): the
 * messages of the caller's conversations stored after it. Null when that id is not a message the
 * caller can see (nothing to replay from).
 */
export const makeReplayChatMessages =
  (d: Pick<EngagementDeps, 'chatRepository'>) =>
  async (actor: Actor, lastMessageId: string): Promise<Replay | null> => {
    const missed = await d.chatRepository.messagesAfter(actor.tenantId, actor.userId, lastMessageId, REPLAY_LIMIT + 1);
    if (!missed) return null;
    return missed.length > REPLAY_LIMIT ? { messages: [], complete: false } : { messages: missed, complete: true };
  };

export type ReplayChatMessages = ReturnType<typeof makeReplayChatMessages>;
