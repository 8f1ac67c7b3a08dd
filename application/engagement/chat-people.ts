import type { User } from '../../domain/identity/user.js';
import type { UserRepository } from '../identity/ports/user-repository.js';
import type { ConversationSummary } from './ports/chat-repository.js';

/** The people of some conversations, one look-up for all of them (no N+1). */
export async function peopleOf(
  users: UserRepository,
  tenantId: string,
  summaries: readonly ConversationSummary[],
): Promise<Map<string, User>> {
  const ids = [...new Set(summaries.flatMap((s) => s.participantIds))];
  return new Map((await users.findManyByIds(tenantId, ids)).filter((u) => !u.deletedAt).map((u) => [u.id, u]));
}
