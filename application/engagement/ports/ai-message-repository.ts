import type { AiMessage } from '../../../domain/engagement/assistant.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface AiMessageRepository {
  /** Kept in the given order: a question before its answer. */
  insertMany(messages: readonly AiMessage[]): Promise<void>;
  /** The user's exchanges about one lesson, newest first. */
  listForLesson(tenantId: string, userId: string, lessonId: string, page: PageRequest): Promise<Page<AiMessage>>;
  /** The latest `limit`, newest first. */
  recent(tenantId: string, userId: string, lessonId: string, limit: number): Promise<AiMessage[]>;
}
