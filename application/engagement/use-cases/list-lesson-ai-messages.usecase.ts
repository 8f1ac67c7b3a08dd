import type { AiMessage } from '../../../domain/engagement/assistant.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

/** The caller's own exchanges with the assistant about a lesson, newest first; gated like asking. */
export const makeListLessonAiMessages =
  (d: Pick<EngagementDeps, 'learningAccess' | 'aiMessageRepository'>) =>
  async (actor: Actor, lessonId: string, page: PageRequest): Promise<Result<Page<AiMessage>, 'LESSON_NOT_FOUND' | 'NOT_ENROLLED'>> => {
    const lesson = await d.learningAccess.lessonContent(actor.tenantId, lessonId);
    if (!lesson) return err('LESSON_NOT_FOUND');
    const gate = await d.learningAccess.requireContentAccess(actor, lesson.courseId);
    if (!gate.ok) return err(gate.error === 'NOT_ENROLLED' ? 'NOT_ENROLLED' : 'LESSON_NOT_FOUND');
    return ok(await d.aiMessageRepository.listForLesson(actor.tenantId, actor.userId, lessonId, page));
  };
