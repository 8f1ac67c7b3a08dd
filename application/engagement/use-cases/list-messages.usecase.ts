import type { ChatMessage } from '../../../domain/engagement/chat.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

export interface MessagePage {
  items: ChatMessage[];
  hasMore: boolean;
  /** Pass as `before` for the next (older) page; null at the beginning of the conversation. */
  nextBefore: string | null;
}

/**
 * Messages newest first with a cursor (contract §6): `before` is a message id of this
 * conversation, and the page holds the `limit` messages older than it. Stable under new
 * messages arriving, unlike page numbers. Only participants read (others: not found).
 */
export const makeListMessages =
  (d: Pick<EngagementDeps, 'chatRepository'>) =>
  async (
    actor: Actor,
    conversationId: string,
    query: { before?: string | undefined; limit: number },
  ): Promise<Result<MessagePage, 'CONVERSATION_NOT_FOUND' | 'UNKNOWN_CURSOR'>> => {
    const c = await d.chatRepository.findForParticipant(actor.tenantId, conversationId, actor.userId);
    if (!c) return err('CONVERSATION_NOT_FOUND');
    let beforeSeq: number | undefined;
    if (query.before) {
      const cursor = await d.chatRepository.findMessage(actor.tenantId, conversationId, query.before);
      if (!cursor) return err('UNKNOWN_CURSOR', 'before: no such message in this conversation');
      beforeSeq = cursor.seq;
    }
    const rows = await d.chatRepository.listMessages(actor.tenantId, conversationId, { beforeSeq, limit: query.limit + 1 });
    const items = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return ok({ items, hasMore, nextBefore: hasMore ? items[items.length - 1]!.id : null });
  };
