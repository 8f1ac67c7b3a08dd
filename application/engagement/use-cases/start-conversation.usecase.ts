import {
  directKey,
  MAX_PARTICIPANTS,
  mayStartConversation,
  needsLinkCheck,
  type ChatPerson,
  type Conversation,
} from '../../../domain/engagement/chat.js';
import type { User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import type { ConversationSummary } from '../ports/chat-repository.js';
import { peopleOf } from '../chat-people.js';

export type StartConversationError = 'NO_PARTICIPANTS' | 'TOO_MANY_PARTICIPANTS' | 'PARTICIPANT_NOT_FOUND' | 'CHAT_FORBIDDEN';

export interface StartedConversation {
  summary: ConversationSummary;
  people: Map<string, User>;
  created: boolean;
}

/**
 * `POST /api/lms/chat/conversations {participant_ids, title?}`. The caller always takes part
 * (naming themselves is harmless). One other person: the pair's direct conversation, reused
 * when it exists; more: a new group. The caller must be allowed to start a conversation with
 * each of them (domain/engagement/chat.ts), else 403 and nothing is written.
 */
export const makeStartConversation =
  (d: Pick<EngagementDeps, 'chatRepository' | 'userRepository' | 'learningAccess' | 'clock' | 'ids'>) =>
  async (
    actor: Actor,
    input: { participantIds: string[]; title?: string | null | undefined },
  ): Promise<Result<StartedConversation, StartConversationError>> => {
    const others = [...new Set(input.participantIds)].filter((id) => id !== actor.userId);
    if (others.length === 0) return err('NO_PARTICIPANTS', 'participant_ids: name at least one other user');
    if (others.length + 1 > MAX_PARTICIPANTS)
      return err('TOO_MANY_PARTICIPANTS', `participant_ids: at most ${MAX_PARTICIPANTS - 1} other users`);
    const found = (await d.userRepository.findManyByIds(actor.tenantId, others)).filter((u) => u.status === 1 && !u.deletedAt);
    if (found.length !== others.length) {
      const known = new Set(found.map((u) => u.id));
      return err('PARTICIPANT_NOT_FOUND', `participant_ids: no active user ${others.filter((id) => !known.has(id)).join(', ')}`);
    }

    const me: ChatPerson = { id: actor.userId, role: actor.role };
    for (const other of found) {
      const pair = needsLinkCheck(me, other);
      const linked = pair ? await d.learningAccess.isParentOf(actor.tenantId, pair.parentId, pair.studentId) : false;
      if (!mayStartConversation(me, other, linked)) return err('CHAT_FORBIDDEN', `you may not start a conversation with ${other.id}`);
    }

    const now = d.clock.now();
    const direct = others.length === 1;
    const key = direct ? directKey(actor.userId, others[0]!) : null;
    let conversation: Conversation | null = key ? await d.chatRepository.findDirect(actor.tenantId, key) : null;
    let created = false;
    if (!conversation) {
      const draft: Conversation = {
        id: d.ids.uuid(),
        tenantId: actor.tenantId,
        kind: direct ? 'direct' : 'group',
        title: input.title ?? null,
        directKey: key,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
        lastMessageAt: null,
      };
      ({ conversation, created } = await d.chatRepository.createConversation(draft, [actor.userId, ...others]));
    }
    const [summary] = await d.chatRepository.summaries(actor.tenantId, actor.userId, [conversation]);
    return ok({ summary: summary!, people: await peopleOf(d.userRepository, actor.tenantId, [summary!]), created });
  };
