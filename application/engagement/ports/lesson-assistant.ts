import type { AiRole, AssistantSource } from '../../../domain/engagement/assistant.js';
import type { LessonText } from '../../../domain/engagement/passages.js';
import type { Result } from '../../shared/result.js';

export interface AssistantQuestion {
  lesson: LessonText & { id: string };
  question: string;
  /** Earlier turns about the same lesson, oldest first. */
  history: Array<{ role: AiRole; content: string }>;
}

export interface AssistantAnswer {
  reply: string;
  sources: AssistantSource[];
}

/** The assistant is away, slow or answered nonsense: 502 at the edge. */
export type AssistantError = 'AI_UNAVAILABLE';

/** The lesson AI (contract §1 `AI_PROVIDER`): `builtin` or an OpenAI-compatible API. */
export interface LessonAssistant {
  answer(question: AssistantQuestion): Promise<Result<AssistantAnswer, AssistantError>>;
}
