/** The lesson assistant's exchanges (contract §6: an answer is `{reply, sources: [{excerpt}]}`). */
export interface AssistantSource {
  excerpt: string;
}

export type AiRole = 'user' | 'assistant';

export interface AiMessage {
  id: string;
  tenantId: string;
  userId: string;
  lessonId: string;
  courseId: string;
  role: AiRole;
  content: string;
  sources: AssistantSource[];
  createdAt: Date;
}

export const MAX_QUESTION_CHARS = 2000;
/** Earlier turns given to a language model so follow-up questions make sense. */
export const HISTORY_TURNS = 6;
