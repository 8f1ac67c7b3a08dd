import { checkMessage, type ChatMessage, type MessageType } from '../../../domain/engagement/chat.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

/**
 * Stores the message, moves the sender's read marker past it, and after commit publishes it to
 * every participant's live streams (in every API process). Only participants write.
 */
export const makeSendMessage =
  (d: Pick<EngagementDeps, 'chatRepository' | 'chatEvents' | 'clock' | 'ids' | 'uow'>) =>
  async (
    actor: Actor,
    conversationId: string,
    input: { content: string; messageType: MessageType },
  ): Promise<Result<ChatMessage, 'CONVERSATION_NOT_FOUND' | 'INVALID_MESSAGE'>> => {
    const c = await d.chatRepository.findForParticipant(actor.tenantId, conversationId, actor.userId);
    if (!c) return err('CONVERSATION_NOT_FOUND');
    const content = input.messageType === 'text' ? input.content : input.content.trim();
    const problem = checkMessage(input.messageType, content);
    if (problem) return err('INVALID_MESSAGE', problem);
    const now = d.clock.now();
    return d.uow.run(async () => {
      const message = await d.chatRepository.insertMessage({
        id: d.ids.uuid(),
        tenantId: actor.tenantId,
        conversationId,
        senderId: actor.userId,
        content,
        messageType: input.messageType,
        createdAt: now,
      });
      await d.chatRepository.markRead(actor.tenantId, conversationId, actor.userId, message.seq, now);
      const recipientIds = await d.chatRepository.participantIds(actor.tenantId, conversationId);
      await d.uow.afterCommit(() => d.chatEvents.publish({ tenantId: actor.tenantId, recipientIds, type: 'message', message }));
      return ok(message);
    });
  };
