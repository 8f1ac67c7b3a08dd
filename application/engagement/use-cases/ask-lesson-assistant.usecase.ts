import { HISTORY_TURNS, type AiMessage } from '../../../domain/engagement/assistant.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import type { AssistantAnswer } from '../ports/lesson-assistant.js';

export type AskAssistantError = 'LESSON_NOT_FOUND' | 'NOT_ENROLLED' | 'AI_UNAVAILABLE';

/**
 * `POST /api/lms/chat/lessons/:lessonId/ai`: gated like the lesson's content (contract §5:
 * enrolled, or Mentor and above; 403 `Not enrolled in this course` otherwise). The assistant
 * is called outside any transaction (it may take seconds); the question and the answer are
 * then kept together as the caller's history. A failed call keeps nothing.
 */
export const makeAskLessonAssistant =
  (d: Pick<EngagementDeps, 'learningAccess' | 'lessonAssistant' | 'aiMessageRepository' | 'clock' | 'ids' | 'uow'>) =>
  async (actor: Actor, lessonId: string, question: string): Promise<Result<AssistantAnswer, AskAssistantError>> => {
    const lesson = await d.learningAccess.lessonContent(actor.tenantId, lessonId);
    if (!lesson) return err('LESSON_NOT_FOUND');
    const gate = await d.learningAccess.requireContentAccess(actor, lesson.courseId);
    if (!gate.ok) return err(gate.error === 'NOT_ENROLLED' ? 'NOT_ENROLLED' : 'LESSON_NOT_FOUND');

    const history = (await d.aiMessageRepository.recent(actor.tenantId, actor.userId, lessonId, HISTORY_TURNS))
      .reverse()
      .map((m) => ({ role: m.role, content: m.content }));
    const answer = await d.lessonAssistant.answer({
      lesson: { id: lesson.lessonId, title: lesson.title, description: lesson.description, content: lesson.content },
      question,
      history,
    });
    if (!answer.ok) return answer;

    const asked = d.clock.now();
    const base = { tenantId: actor.tenantId, userId: actor.userId, lessonId, courseId: lesson.courseId, createdAt: asked };
    const messages: AiMessage[] = [
      { ...base, id: d.ids.uuid(), role: 'user', content: question, sources: [] },
      { ...base, id: d.ids.uuid(), role: 'assistant', content: answer.value.reply, sources: answer.value.sources },
    ];
    await d.uow.run(() => d.aiMessageRepository.insertMany(messages));
    return ok(answer.value);
  };
