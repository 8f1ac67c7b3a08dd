import type { User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { EngagementDeps } from '../deps.js';
import type { ConversationSummary } from '../ports/chat-repository.js';
import { peopleOf } from '../chat-people.js';

/** The caller's conversations, latest activity first, each with its last message and unread count: a fixed number of queries per page. */
export const makeListConversations =
  (d: Pick<EngagementDeps, 'chatRepository' | 'userRepository'>) =>
  async (actor: Actor, page: PageRequest): Promise<{ page: Page<ConversationSummary>; people: Map<string, User> }> => {
    const conversations = await d.chatRepository.listForUser(actor.tenantId, actor.userId, page);
    const summaries = await d.chatRepository.summaries(actor.tenantId, actor.userId, conversations.items);
    return { page: { ...conversations, items: summaries }, people: await peopleOf(d.userRepository, actor.tenantId, summaries) };
  };
