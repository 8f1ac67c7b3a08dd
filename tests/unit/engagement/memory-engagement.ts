import { MemoryUserRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import {
  MemoryAiMessageRepository,
  MemoryChatRepository,
  MemoryFeedTokenRepository,
  MemoryScheduleItemRepository,
  MemoryScheduleTemplateRepository,
} from '../../../adapters/persistence/memory/engagement.memory.js';
import { builtinLessonAssistant } from '../../../adapters/gateways/ai/builtin-lesson-assistant.js';
import type { ChatEvent, ChatEventPublisher } from '../../../application/engagement/ports/chat-events.js';
import type { LessonAssistant } from '../../../application/engagement/ports/lesson-assistant.js';
import type { EngagementDeps } from '../../../application/engagement/deps.js';
import type { Actor } from '../../../application/shared/actor.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import { memoryLearning } from '../learning/memory-learning.js';

export class RecordingPublisher implements ChatEventPublisher {
  readonly events: ChatEvent[] = [];
  async publish(event: ChatEvent) {
    this.events.push(structuredClone(event));
  }
}

/** Engagement use-case dependencies on memory adapters, over the memory learning world. */
export function memoryEngagement(options: { assistant?: LessonAssistant } = {}) {
  const learning = memoryLearning();
  const users = new MemoryUserRepository();
  const scheduleItems = new MemoryScheduleItemRepository();
  const publisher = new RecordingPublisher();
  const deps = {
    scheduleItemRepository: scheduleItems,
    scheduleTemplateRepository: new MemoryScheduleTemplateRepository(scheduleItems),
    feedTokenRepository: new MemoryFeedTokenRepository(),
    chatRepository: new MemoryChatRepository(),
    aiMessageRepository: new MemoryAiMessageRepository(),
    lessonAssistant: options.assistant ?? builtinLessonAssistant,
    chatEvents: publisher,
    learningAccess: learning.learningAccess,
    userRepository: users,
    secretDigest: { digest: (s: string) => `digest:${s}` },
    engagementOptions: { timeZone: null, uidDomain: 'lms.test', feedPastDays: 90, feedFutureDays: 366 },
    clock: learning.clock,
    ids: learning.deps.ids,
    random: learning.deps.random,
    uow: learning.deps.uow,
  } satisfies EngagementDeps;

  /** A user both identity (users) and learning (learners) know. */
  const addUser = (role: RoleLevel, displayName = 'User'): Actor => {
    const id = learning.addUser(role, displayName);
    const now = learning.clock.now();
    users.rows.set(id, {
      id,
      tenantId: learning.tenantId,
      username: `u${id}`,
      email: `${id}@example.test`,
      displayName,
      avatar: null,
      role,
      status: 1,
      passwordHash: null,
      phone: null,
      emailVerifiedAt: null,
      lastLoginAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    return { userId: id, role, tenantId: learning.tenantId, homeTenantId: learning.tenantId };
  };
  return { deps, learning, users, publisher, addUser, tenantId: learning.tenantId, clock: learning.clock };
}
