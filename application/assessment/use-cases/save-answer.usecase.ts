import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import type { Question } from '../../../domain/assessment/question.js';
import { isOverdue } from '../../../domain/assessment/deadline.js';
import { checkAnswer } from '../../../domain/assessment/grading.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { AttemptWithQuestion } from '../ports/attempt-repository.js';
import { acceptClaim, type LoginClaim, type LoginClaimError } from '../../identity/login-claim.js';
import { closeAttempt } from '../attempt-grading.js';
import { questionsOfAttempt } from '../attempt-questions.js';

export type SaveAnswerError =
  'ATTEMPT_NOT_FOUND' | 'QUESTION_NOT_IN_QUIZ' | 'INVALID_ANSWER' | 'ATTEMPT_NOT_IN_PROGRESS' | 'ATTEMPT_DEADLINE_PASSED';

export interface AnswerInput {
  questionId: string;
  answer: string[];
}

type Deps = Pick<
  AssessmentDeps,
  'quizRepository' | 'questionRepository' | 'attemptRepository' | 'evaluateCourseCompletion' | 'clock' | 'uow'
>;

type Found = { attempt: Attempt; questions: Map<string, Question> };
const byId = (list: readonly Question[]) => new Map(list.map((q) => [q.id, q]));

/**
 * The caller's attempt and the questions it was started with, by id. Only the owner answers:
 * anyone else's attempt does not exist for them (contract §2): null.
 */
async function attemptAndQuestions(d: Deps, actor: Actor, attemptId: string): Promise<Found | null> {
  const attempt = await d.attemptRepository.findById(actor.tenantId, attemptId);
  if (!attempt || attempt.userId !== actor.userId) return null;
  return { attempt, questions: byId(await questionsOfAttempt(d, attempt)) };
}

/** The same for one answer, from the attempt read with the one question the answer names. */
async function attemptAndQuestion(d: Deps, actor: Actor, found: AttemptWithQuestion | null): Promise<Found | null> {
  if (!found || found.attempt.userId !== actor.userId) return null;
  // Started before snapshots were kept: the quiz's current questions (as questionsOfAttempt).
  if (!found.kept)
    return { attempt: found.attempt, questions: byId(await d.questionRepository.listByQuiz(actor.tenantId, found.attempt.quizId)) };
  return { attempt: found.attempt, questions: byId(found.question ? [found.question] : []) };
}

/**
 * Saves answers of the caller's attempt (validated first, all or none), under the attempt's row
 * lock so that a submit or the sweep cannot grade in between. Past the deadline nothing is saved:
 * the attempt is graded with what it has, as expired, and the caller gets 400 (contract §6).
 */
export async function saveAnswers(
  d: Deps,
  actor: Actor,
  attemptId: string,
  inputs: readonly AnswerInput[],
): Promise<Result<AttemptAnswer[], SaveAnswerError>> {
  return saveFound(d, actor, attemptId, await attemptAndQuestions(d, actor, attemptId), inputs);
}

async function saveFound(
  d: Deps,
  actor: Actor,
  attemptId: string,
  found: Found | null,
  inputs: readonly AnswerInput[],
): Promise<Result<AttemptAnswer[], SaveAnswerError>> {
  if (!found) return err('ATTEMPT_NOT_FOUND');
  const { attempt, questions } = found;
  const checked: Array<{ questionId: string; answer: string[] }> = [];
  for (const input of inputs) {
    const question = questions.get(input.questionId);
    if (!question) return err('QUESTION_NOT_IN_QUIZ', `question_id: ${input.questionId} is not a question of this quiz`);
    const answer = checkAnswer(question, input.answer);
    if (!answer.ok) return err('INVALID_ANSWER', `answer: ${answer.error}`);
    checked.push({ questionId: input.questionId, answer: answer.value });
  }
  const now = d.clock.now();
  const rowOf = (c: { questionId: string; answer: string[] }, at: Date): AttemptAnswer => ({
    tenantId: actor.tenantId,
    attemptId,
    questionId: c.questionId,
    answer: c.answer.length ? c.answer : null,
    isCorrect: null,
    pointsAwarded: null,
    maxPoints: null,
    answeredAt: c.answer.length ? at : null,
    updatedAt: at,
    feedback: null,
    gradedBy: null,
    gradedAt: null,
  });
  // One answer while the attempt is open (the common case): a single conditional statement.
  if (checked.length === 1 && attempt.status === 'in_progress' && !isOverdue(attempt, now)) {
    const row = rowOf(checked[0]!, now);
    if (await d.attemptRepository.saveAnswerIfOpen(row, actor.userId, now)) return ok([row]);
  }
  // Otherwise, or when the attempt closed meanwhile: under the attempt's lock, find out why.
  return d.uow.run(async () => {
    const locked = await d.attemptRepository.lock(actor.tenantId, attemptId);
    if (!locked) return err('ATTEMPT_NOT_FOUND');
    if (locked.status !== 'in_progress') return err('ATTEMPT_NOT_IN_PROGRESS');
    const at = d.clock.now();
    if (isOverdue(locked, at)) {
      await closeAttempt(d, actor.tenantId, attemptId, 'expired');
      return err('ATTEMPT_DEADLINE_PASSED');
    }
    const saved: AttemptAnswer[] = [];
    for (const c of checked) {
      const row = rowOf(c, at);
      await d.attemptRepository.saveAnswer(row);
      saved.push(row);
    }
    return ok(saved);
  });
}

/**
 * `POST /quiz-attempts/:id/answers {question_id, answer}`: one question per call; saving again
 * replaces it. The caller's login is read with the attempt, in one statement (`LoginClaim`).
 */
export const makeSaveAnswer =
  (d: Deps) =>
  async (claim: LoginClaim, attemptId: string, input: AnswerInput): Promise<Result<AttemptAnswer, SaveAnswerError | LoginClaimError>> => {
    const read = await d.attemptRepository.findWithQuestion(claim.loginId, claim.tenantId, attemptId, input.questionId);
    const actor = acceptClaim(read.principal, claim, d.clock.now());
    if (!actor.ok) return actor;
    const saved = await saveFound(d, actor.value, attemptId, await attemptAndQuestion(d, actor.value, read.attempt), [input]);
    return saved.ok ? ok(saved.value[0]!) : saved;
  };
