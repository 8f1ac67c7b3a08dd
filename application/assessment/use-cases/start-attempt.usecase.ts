import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import { deadlineFor, isOverdue } from '../../../domain/assessment/deadline.js';
import { isDescription, maxScoreOf, type Question } from '../../../domain/assessment/question.js';
import type { Quiz } from '../../../domain/assessment/quiz.js';
import { attemptOrder, seedFromHex } from '../../../domain/assessment/shuffle.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { closeAttempt } from '../attempt-grading.js';
import { quizFor, type QuizAccessError } from '../quiz-access.js';
import { questionsOfAttempt } from '../attempt-questions.js';

export interface StartedAttempt {
  quiz: Quiz;
  attempt: Attempt;
  /** In the attempt's order. */
  questions: Question[];
  answers: AttemptAnswer[];
  resumed: boolean;
}

export type StartAttemptError = QuizAccessError | 'QUIZ_HAS_NO_QUESTIONS' | 'MAX_ATTEMPTS_REACHED';

/**
 * `POST /quizzes/:id/start` (contract §6): answers the attempt in progress if there is one (an
 * overdue one is graded as expired first), else starts the next attempt, within `max_attempts`
 * (0: unlimited). The database decides the number and the limit in one statement with unique
 * indexes behind it, so N concurrent starts create one attempt and the others resume it.
 */
export const makeStartAttempt =
  (
    d: Pick<
      AssessmentDeps,
      | 'quizRepository'
      | 'questionRepository'
      | 'attemptRepository'
      | 'learningAccess'
      | 'evaluateCourseCompletion'
      | 'clock'
      | 'ids'
      | 'random'
      | 'uow'
    >,
  ) =>
  async (actor: Actor, quizId: string): Promise<Result<StartedAttempt, StartAttemptError>> => {
    const found = await quizFor(d, actor, quizId);
    if (!found.ok) return found;
    const quiz = found.value;
    // A new attempt takes the questions as they are now; one in progress resumes with its own.
    const questions = await d.questionRepository.listByQuiz(actor.tenantId, quizId);
    const answer = (attempt: Attempt, taken: Question[], answers: AttemptAnswer[], resumed: boolean): StartedAttempt => ({
      quiz,
      attempt,
      questions: attemptOrder(taken, attempt.seed, quiz.shuffleQuestions),
      answers,
      resumed,
    });
    // Two rounds at most: a start that loses a race finds the winner's attempt on the next round.
    for (let round = 0; round < 3; round++) {
      const running = await d.attemptRepository.findInProgress(actor.tenantId, quizId, actor.userId);
      if (running && !isOverdue(running, d.clock.now())) {
        const [taken, answers] = await Promise.all([
          questionsOfAttempt(d, running),
          d.attemptRepository.listAnswers(actor.tenantId, running.id),
        ]);
        return ok(answer(running, taken, answers, true));
      }
      if (running) await closeAttempt(d, actor.tenantId, running.id, 'expired');
      if (questions.every((q) => isDescription(q.type))) return err('QUIZ_HAS_NO_QUESTIONS');
      const now = d.clock.now();
      const inserted = await d.attemptRepository.insertNext(
        {
          id: d.ids.uuid(),
          tenantId: actor.tenantId,
          quizId,
          userId: actor.userId,
          status: 'in_progress',
          seed: seedFromHex(d.random.bytesHex(4)),
          startedAt: now,
          deadlineAt: deadlineFor(now, quiz.durationMinutes),
          submittedAt: null,
          score: null,
          maxScore: maxScoreOf(questions),
          percentage: null,
          passed: null,
          updatedAt: now,
        },
        quiz.maxAttempts,
        questions,
      );
      if (inserted) return ok(answer(inserted, questions, [], false));
      if (!(await d.attemptRepository.findInProgress(actor.tenantId, quizId, actor.userId))) {
        const used = await d.attemptRepository.countByUser(actor.tenantId, quizId, actor.userId);
        if (quiz.maxAttempts !== 0 && used >= quiz.maxAttempts) return err('MAX_ATTEMPTS_REACHED');
      }
    }
    throw new Error(`could not start or resume an attempt of quiz ${quizId}`);
  };
