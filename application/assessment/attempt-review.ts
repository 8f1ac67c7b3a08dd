import type { Attempt, AttemptAnswer } from '../../domain/assessment/attempt.js';
import type { Question } from '../../domain/assessment/question.js';
import type { Quiz } from '../../domain/assessment/quiz.js';
import { attemptOrder } from '../../domain/assessment/shuffle.js';
import type { Actor } from '../shared/actor.js';
import type { AssessmentDeps } from './deps.js';
import { isStaff } from './quiz-access.js';
import { questionsOfAttempt } from './attempt-questions.js';

export interface AttemptReview {
  quiz: Quiz | null;
  attempt: Attempt;
  /** In the attempt's order (its seed when the quiz shuffles). */
  questions: Question[];
  answers: AttemptAnswer[];
  /** Correctness and correct options may be shown: graded, and the quiz shows them or a Mentor looks. */
  reveal: boolean;
}

export async function reviewOf(
  d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository'>,
  actor: Actor,
  attempt: Attempt,
): Promise<AttemptReview> {
  // One after another: marking an essay builds its review inside its unit of work (one connection).
  const quiz = await d.quizRepository.findById(actor.tenantId, attempt.quizId);
  const questions = await questionsOfAttempt(d, attempt);
  const answers = await d.attemptRepository.listAnswers(actor.tenantId, attempt.id);
  const graded = attempt.status !== 'in_progress';
  return {
    quiz,
    attempt,
    questions: attemptOrder(questions, attempt.seed, quiz?.shuffleQuestions ?? false),
    answers,
    reveal: graded && (isStaff(actor) || (quiz?.showCorrectAnswers ?? false)),
  };
}
