import { bypassesEnrollment } from '../../domain/learning/course.js';
import { isVisibleToStudents, type Quiz } from '../../domain/assessment/quiz.js';
import type { Actor } from '../shared/actor.js';
import { err, ok, type Result } from '../shared/result.js';
import type { AssessmentDeps } from './deps.js';
import type { QuizQuestionStats } from './ports/quiz-repository.js';

export type QuizAccessError = 'QUIZ_NOT_FOUND' | 'NOT_ENROLLED';

/** Mentors and above author-view quizzes: drafts, correct answers, everyone's attempts (contract §5, §6). */
export const isStaff = (actor: Pick<Actor, 'role'>): boolean => bypassesEnrollment(actor.role);

/**
 * A quiz as the caller may take or read it: students see published quizzes only (a draft is
 * not found), of courses they are enrolled in (else 403 `Not enrolled in this course`, contract
 * §5); Mentors and above see every quiz.
 */
export async function quizFor(
  d: Pick<AssessmentDeps, 'quizRepository' | 'learningAccess'>,
  actor: Actor,
  quizId: string,
): Promise<Result<Quiz, QuizAccessError>> {
  const quiz = await d.quizRepository.findById(actor.tenantId, quizId);
  if (!quiz || (!isStaff(actor) && !isVisibleToStudents(quiz))) return err('QUIZ_NOT_FOUND');
  const gate = await d.learningAccess.requireContentAccess(actor, quiz.courseId);
  if (!gate.ok) return gate.error === 'NOT_ENROLLED' ? err('NOT_ENROLLED') : err('QUIZ_NOT_FOUND');
  return ok(quiz);
}

/** A quiz's question count and maximum score, as its views show them (a write answers them as GET does). */
export async function quizStats(
  d: Pick<AssessmentDeps, 'questionRepository'>,
  tenantId: string,
  quizId: string,
): Promise<QuizQuestionStats> {
  return (await d.questionRepository.statsByQuizzes(tenantId, [quizId])).get(quizId) ?? { count: 0, maxScore: 0 };
}
