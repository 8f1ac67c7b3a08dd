import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Question } from '../../../domain/assessment/question.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { AttemptSummary } from '../ports/attempt-repository.js';
import { quizFor, type QuizAccessError } from '../quiz-access.js';

/** A quiz with its questions in order (contract §6); the route picks the view by role. */
export const makeGetQuiz =
  (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'learningAccess'>) =>
  async (
    actor: Actor,
    id: string,
  ): Promise<Result<{ quiz: Quiz; questions: Question[]; mine: AttemptSummary | undefined }, QuizAccessError>> => {
    const found = await quizFor(d, actor, id);
    if (!found.ok) return found;
    const [questions, mine] = await Promise.all([
      d.questionRepository.listByQuiz(actor.tenantId, id),
      d.attemptRepository.summaries(actor.tenantId, actor.userId, [id]),
    ]);
    return ok({ quiz: found.value, questions, mine: mine.get(id) });
  };
