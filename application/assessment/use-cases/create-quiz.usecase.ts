import { QUIZ_DEFAULTS, type Quiz, type QuizStatus } from '../../../domain/assessment/quiz.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface QuizInput {
  moduleId?: string | undefined;
  title?: string | undefined;
  description?: string | null | undefined;
  durationMinutes?: number | undefined;
  passingScore?: number | undefined;
  maxAttempts?: number | undefined;
  showCorrectAnswers?: boolean | undefined;
  shuffleQuestions?: boolean | undefined;
  status?: QuizStatus | undefined;
}

/** A new quiz is a draft (publish it once it has questions); the module names its course. */
export const makeCreateQuiz =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'learningAccess' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[input: QuizInput & { moduleId: string; title: string }], Quiz, 'MODULE_NOT_FOUND'> =>
  async (actor, meta, input) => {
    const found = await d.learningAccess.resolveModule(actor.tenantId, input.moduleId);
    if (!found) return err('MODULE_NOT_FOUND');
    const now = d.clock.now();
    const quiz: Quiz = {
      ...newRecord(d.ids, actor.tenantId, now),
      moduleId: found.module.id,
      courseId: found.course.id,
      title: input.title,
      description: input.description ?? null,
      durationMinutes: input.durationMinutes ?? QUIZ_DEFAULTS.durationMinutes,
      passingScore: input.passingScore ?? QUIZ_DEFAULTS.passingScore,
      maxAttempts: input.maxAttempts ?? QUIZ_DEFAULTS.maxAttempts,
      showCorrectAnswers: input.showCorrectAnswers ?? QUIZ_DEFAULTS.showCorrectAnswers,
      shuffleQuestions: input.shuffleQuestions ?? QUIZ_DEFAULTS.shuffleQuestions,
      status: 'draft',
      publishedAt: null,
      createdBy: actor.userId,
    };
    await auditedWrite(d, actor, meta, () => d.quizRepository.insert(quiz), {
      action: 'quiz.create',
      resourceType: 'quiz',
      resourceId: quiz.id,
      metadata: { module_id: quiz.moduleId },
    });
    return ok(quiz);
  };
