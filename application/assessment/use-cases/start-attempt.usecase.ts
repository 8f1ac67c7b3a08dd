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
import { tooFewDetail, type BankDeps } from '../question-bank.js';
import type { SlotCandidates } from '../ports/question-bank-repository.js';
import { drawnQuestion, takeInRank } from '../../../domain/assessment/question-bank.js';

/**
 * The questions of a new attempt: the fixed ones and, at each random slot's place, `count` questions
 * drawn from its category by the attempt's seed (issue 33 item 5). None twice, none already fixed in
 * the quiz. Two queries side by side whatever the slots: the quiz's questions, and its slots with each
 * one's best candidates, ranked by a hash of (seed, categories, question), with their rows. A fixed
 * quiz runs the same two (no slots, no candidates), so a draw adds no round trip. The draw is kept
 * with the attempt (its questions), so resuming shows the same ones.
 */
async function questionsForNewAttempt(
  d: Pick<AssessmentDeps, 'questionRepository'> & Partial<Pick<BankDeps, 'questionBankRepository'>>,
  tenantId: string,
  quizId: string,
  seed: number,
): Promise<Result<Question[], 'QUIZ_HAS_NO_QUESTIONS' | 'RANDOM_SLOT_TOO_FEW_QUESTIONS'>> {
  // Without a bank (use-case tests of fixed quizzes) a quiz has no random slots.
  const noSlots: SlotCandidates = { slots: [], ranked: new Map() };
  const [fixed, { slots, ranked }] = await Promise.all([
    d.questionRepository.listByQuiz(tenantId, quizId),
    d.questionBankRepository ? d.questionBankRepository.drawCandidates(tenantId, quizId, seed) : noSlots,
  ]);
  if (slots.length === 0 && fixed.every((q) => isDescription(q.type))) return err('QUIZ_HAS_NO_QUESTIONS');
  if (slots.length === 0) return ok(fixed);
  const rows = new Map([...ranked.values()].flat().map((q) => [q.id, q]));
  const drawn = takeInRank(slots, (s) => (ranked.get(s.id) ?? []).map((q) => q.id), new Set(fixed.map((q) => q.id)));
  if (!drawn.ok) return err('RANDOM_SLOT_TOO_FEW_QUESTIONS', tooFewDetail(drawn.slot, drawn.available));
  const picked = drawn.draws.flatMap((x) => x.questionIds.map((id, i) => drawnQuestion(rows.get(id)!, x.slot, i + 1)));
  // A stable sort: fixed questions keep their order, drawn ones stand at their slot's place.
  return ok([...fixed, ...picked].sort((a, b) => a.order - b.order));
}

export interface StartedAttempt {
  quiz: Quiz;
  attempt: Attempt;
  /** In the attempt's order. */
  questions: Question[];
  answers: AttemptAnswer[];
  resumed: boolean;
}

export type StartAttemptError = QuizAccessError | 'QUIZ_HAS_NO_QUESTIONS' | 'MAX_ATTEMPTS_REACHED' | 'RANDOM_SLOT_TOO_FEW_QUESTIONS';

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
    > &
      Partial<Pick<BankDeps, 'questionBankRepository'>>,
  ) =>
  async (actor: Actor, quizId: string): Promise<Result<StartedAttempt, StartAttemptError>> => {
    const found = await quizFor(d, actor, quizId);
    if (!found.ok) return found;
    const quiz = found.value;
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
      // A new attempt takes the questions as they are now; one in progress resumes with its own.
      const seed = seedFromHex(d.random.bytesHex(4));
      const taken = await questionsForNewAttempt(d, actor.tenantId, quizId, seed);
      if (!taken.ok) return taken;
      const now = d.clock.now();
      const inserted = await d.attemptRepository.insertNext(
        {
          id: d.ids.uuid(),
          tenantId: actor.tenantId,
          quizId,
          userId: actor.userId,
          status: 'in_progress',
          seed,
          startedAt: now,
          deadlineAt: deadlineFor(now, quiz.durationMinutes),
          submittedAt: null,
          score: null,
          maxScore: maxScoreOf(taken.value),
          percentage: null,
          passed: null,
          updatedAt: now,
        },
        quiz.maxAttempts,
        taken.value,
      );
      if (inserted) return ok(answer(inserted, taken.value, [], false));
      if (!(await d.attemptRepository.findInProgress(actor.tenantId, quizId, actor.userId))) {
        const used = await d.attemptRepository.countByUser(actor.tenantId, quizId, actor.userId);
        if (quiz.maxAttempts !== 0 && used >= quiz.maxAttempts) return err('MAX_ATTEMPTS_REACHED');
      }
    }
    throw new Error(`could not start or resume an attempt of quiz ${quizId}`);
  };
