import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

/**
 * The caller's read marker: up to `messageId` (a message of this conversation), or to the
 * latest message. It only moves forward, so a late request for an older message changes nothing.
 */
export const makeMarkConversationRead =
  (d: Pick<EngagementDeps, 'chatRepository' | 'clock'>) =>
  async (
    actor: Actor,
    conversationId: string,
    messageId?: string,
  ): Promise<Result<{ unreadCount: number }, 'CONVERSATION_NOT_FOUND' | 'UNKNOWN_MESSAGE'>> => {
    const c = await d.chatRepository.findForParticipant(actor.tenantId, conversationId, actor.userId);
    if (!c) return err('CONVERSATION_NOT_FOUND');
    let seq: number;
    if (messageId) {
      const m = await d.chatRepository.findMessage(actor.tenantId, conversationId, messageId);
      if (!m) return err('UNKNOWN_MESSAGE', 'message_id: no such message in this conversation');
      seq = m.seq;
    } else {
      seq = await d.chatRepository.latestSeq(actor.tenantId, conversationId);
    }
    await d.chatRepository.markRead(actor.tenantId, conversationId, actor.userId, seq, d.clock.now());
    const [summary] = await d.chatRepository.summaries(actor.tenantId, actor.userId, [c]);
    return ok({ unreadCount: summary!.unreadCount });
  };
