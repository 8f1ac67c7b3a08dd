import type { Clock, IdGenerator, RandomSource, UnitOfWork } from '../shared/ports.js';
import type { UserRepository } from '../identity/ports/user-repository.js';
import type { LearningAccess } from '../learning/index.js';
import type { FeedTokenRepository, ScheduleItemRepository, ScheduleTemplateRepository } from './ports/schedule-repositories.js';
import type { ChatRepository } from './ports/chat-repository.js';
import type { AiMessageRepository } from './ports/ai-message-repository.js';
import type { LessonAssistant } from './ports/lesson-assistant.js';
import type { ChatEventPublisher } from './ports/chat-events.js';

/** Digest of feed tokens; the shared `secretDigest` registration fits it. */
export interface TokenDigest {
  digest(secret: string): string;
}

export interface EngagementOptions {
  /** IANA zone of schedule times (`SCHEDULE_TIMEZONE`), or null: "today" is the UTC day and feeds use floating times. */
  timeZone: string | null;
  /** Domain of iCalendar UIDs (`<item id>@<domain>`), from PUBLIC_URL. */
  uidDomain: string;
  /** The feed covers this many days back and ahead of today. */
  feedPastDays: number;
  feedFutureDays: number;
}

/** Everything the engagement use cases may ask for; each takes the part it needs (`Pick`). */
export type EngagementDeps = {
  scheduleItemRepository: ScheduleItemRepository;
  scheduleTemplateRepository: ScheduleTemplateRepository;
  feedTokenRepository: FeedTokenRepository;
  chatRepository: ChatRepository;
  aiMessageRepository: AiMessageRepository;
  lessonAssistant: LessonAssistant;
  chatEvents: ChatEventPublisher;
  learningAccess: LearningAccess;
  userRepository: UserRepository;
  secretDigest: TokenDigest;
  engagementOptions: EngagementOptions;
  clock: Clock;
  ids: IdGenerator;
  random: RandomSource;
  uow: UnitOfWork;
};
