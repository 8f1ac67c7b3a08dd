import type { Attempt } from '../../domain/assessment/attempt.js';
import { isOverdue } from '../../domain/assessment/deadline.js';
import { finaliseAttempt, gradeAttempt } from '../../domain/assessment/grading.js';
import type { CompletionOutcome } from '../learning/index.js';
import type { AssessmentDeps } from './deps.js';
import { questionsOfAttempt } from './attempt-questions.js';

export type GradingDeps = Pick<
  AssessmentDeps,
  'quizRepository' | 'questionRepository' | 'attemptRepository' | 'evaluateCourseCompletion' | 'clock' | 'uow'
>;

export interface ClosedAttempt {
  attempt: Attempt;
  /** True only for the call that graded it (false: it was already graded). */
  graded: boolean;
  completion: CompletionOutcome | null;
}

/**
 * Grades an attempt once (contract §6): in one unit of work the attempt row is locked, and if it is
 * still in progress it is graded with the answers it has, as `submitted`, or as `expired` when
 * its deadline has passed (whoever notices: the student, a view, the sweep). A passed attempt asks
 * learning to re-evaluate the course, in the same unit of work, so a certificate comes with the pass.
 * Callers racing on one attempt (double submit, submit against the sweep) are serialised by the
 * row lock; only the first grades.
 */
export async function closeAttempt(
  d: GradingDeps,
  tenantId: string,
  attemptId: string,
  requested: 'submitted' | 'expired',
): Promise<ClosedAttempt | null> {
  return d.uow.run(async () => {
    const attempt = await d.attemptRepository.lock(tenantId, attemptId);
    if (!attempt) return null;
    if (attempt.status !== 'in_progress') return { attempt, graded: false, completion: null };
    const now = d.clock.now();
    const overdue = isOverdue(attempt, now);
    // The sweep and views only expire what is overdue; a submission after the deadline expires it.
    if (requested === 'expired' && !overdue) return { attempt, graded: false, completion: null };
    const status = overdue ? 'expired' : 'submitted';
    const quiz = await d.quizRepository.findById(tenantId, attempt.quizId);
    const [questions, saved] = await Promise.all([questionsOfAttempt(d, attempt), d.attemptRepository.listAnswers(tenantId, attempt.id)]);
    const answers = new Map(saved.map((a) => [a.questionId, a]));
    const grade = gradeAttempt(questions, new Map(saved.map((a) => [a.questionId, a.answer])), quiz?.passingScore ?? 100);
    const final = finaliseAttempt(attempt, grade, answers, status, now);
    if (!(await d.attemptRepository.finalise(final.attempt, final.answers))) {
      return { attempt: (await d.attemptRepository.findById(tenantId, attemptId))!, graded: false, completion: null };
    }
    const completion =
      final.attempt.passed && quiz?.status === 'published'
        ? await d.evaluateCourseCompletion(tenantId, attempt.userId, quiz.courseId)
        : null;
    return { attempt: final.attempt, graded: true, completion };
  });
}

/** Grades, as expired, the overdue attempts among those given (views touch them first). */
export async function expireIfOverdue(d: GradingDeps, attempt: Attempt): Promise<Attempt> {
  if (!isOverdue(attempt, d.clock.now())) return attempt;
  return (await closeAttempt(d, attempt.tenantId, attempt.id, 'expired'))?.attempt ?? attempt;
}

/** Expires every overdue attempt of a quiz (and user) before a list or export reads them. */
export async function expireOverdueOf(d: GradingDeps, tenantId: string, filter: { quizId?: string; userId?: string }): Promise<number> {
  let n = 0;
  for (;;) {
    const ids = await d.attemptRepository.overdue(tenantId, d.clock.now(), filter, 100);
    let progressed = 0;
    for (const id of ids) if ((await closeAttempt(d, tenantId, id, 'expired'))?.graded) progressed++;
    n += progressed;
    if (ids.length < 100 || progressed === 0) return n;
  }
}
