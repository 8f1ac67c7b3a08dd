import type { User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import type { ConversationSummary } from '../ports/chat-repository.js';
import { peopleOf } from '../chat-people.js';

/** One conversation of the caller's; others' are not found. */
export const makeGetConversation =
  (d: Pick<EngagementDeps, 'chatRepository' | 'userRepository'>) =>
  async (
    actor: Actor,
    conversationId: string,
  ): Promise<Result<{ summary: ConversationSummary; people: Map<string, User> }, 'CONVERSATION_NOT_FOUND'>> => {
    const c = await d.chatRepository.findForParticipant(actor.tenantId, conversationId, actor.userId);
    if (!c) return err('CONVERSATION_NOT_FOUND');
    const [summary] = await d.chatRepository.summaries(actor.tenantId, actor.userId, [c]);
    return ok({ summary: summary!, people: await peopleOf(d.userRepository, actor.tenantId, [summary!]) });
  };
