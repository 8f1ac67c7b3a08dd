import type { Attempt } from '../../domain/assessment/attempt.js';
import type { Question } from '../../domain/assessment/question.js';
import type { AssessmentDeps } from './deps.js';

/**
 * The questions an attempt is shown, answered and graded on: those it was started with, frozen
 * then (as Moodle and Canvas do), so that an author's edits while it runs change nothing for it.
 * Attempts started before snapshots were kept fall back to the quiz's current questions.
 */
export async function questionsOfAttempt(
  d: Pick<AssessmentDeps, 'attemptRepository' | 'questionRepository'>,
  attempt: Pick<Attempt, 'id' | 'tenantId' | 'quizId'>,
): Promise<Question[]> {
  return (
    (await d.attemptRepository.questionsOf(attempt.tenantId, attempt.id)) ??
    d.questionRepository.listByQuiz(attempt.tenantId, attempt.quizId)
  );
}
