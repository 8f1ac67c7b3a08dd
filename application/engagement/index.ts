/**
 * The engagement context's public API (style rule 8): schedules, chat and the lesson assistant.
 * Other contexts may publish live events to users through `chatEvents` (ChatEventPublisher).
 */
export type { ChatEvent, ChatEventPublisher } from './ports/chat-events.js';
export type { LessonAssistant, AssistantQuestion, AssistantAnswer } from './ports/lesson-assistant.js';
