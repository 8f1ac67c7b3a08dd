import { withQuizStatus, type Quiz } from '../../../domain/assessment/quiz.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { merge } from '../../../domain/shared/merge.js';
import type { QuizInput } from './create-quiz.usecase.js';
import type { QuizWithStats } from '../ports/quiz-repository.js';
import { quizStats } from '../quiz-access.js';
import { checkRandomSlots, type BankDeps } from '../question-bank.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type UpdateQuizError = 'QUIZ_NOT_FOUND' | 'MODULE_NOT_FOUND' | 'QUIZ_HAS_NO_QUESTIONS' | 'RANDOM_SLOT_TOO_FEW_QUESTIONS';

/**
 * Any subset of the quiz's fields (contract §2). Moving it to another module moves it to that
 * module's course; `status` may publish it (with questions) or return it to draft. Attempts
 * already graded keep their scores. Answers the quiz with its question count and maximum score, as GET does.
 */
export const makeUpdateQuiz =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'learningAccess' | 'auditLog' | 'clock' | 'uow'> &
      Partial<Pick<BankDeps, 'questionBankRepository'>>,
  ): AuditedCommand<[id: string, input: QuizInput], QuizWithStats, UpdateQuizError> =>
  async (actor, meta, id, input) => {
    const current = await d.quizRepository.findById(actor.tenantId, id);
    if (!current) return err('QUIZ_NOT_FOUND');
    let { moduleId, courseId } = current;
    if (input.moduleId && input.moduleId !== current.moduleId) {
      const found = await d.learningAccess.resolveModule(actor.tenantId, input.moduleId);
      if (!found) return err('MODULE_NOT_FOUND');
      moduleId = found.module.id;
      courseId = found.course.id;
    }
    const now = d.clock.now();
    // The module (with its course) was resolved above, and the status goes through `withQuizStatus` below.
    const { moduleId: _moduleId, status: _status, ...fields } = input;
    let quiz: Quiz = { ...merge(current, fields), moduleId, courseId, updatedAt: now };
    if (input.status && input.status !== current.status) {
      if (input.status === 'published') {
        // Description items alone (no mark, not counted) do not make a quiz, as in publish.
        const stats = await quizStats(d, actor.tenantId, id);
        if (stats.count === 0) return err('QUIZ_HAS_NO_QUESTIONS');
        if (d.questionBankRepository) {
          const fillable = await checkRandomSlots({ ...d, questionBankRepository: d.questionBankRepository }, actor.tenantId, courseId, id);
          if (!fillable.ok) return fillable;
        }
      }
      quiz = withQuizStatus(quiz, input.status, now);
    }
    await auditedWrite(d, actor, meta, () => d.quizRepository.update(quiz), {
      action: 'quiz.update',
      resourceType: 'quiz',
      resourceId: id,
      metadata: { status: quiz.status },
    });
    return ok({ quiz, stats: await quizStats(d, actor.tenantId, id) });
  };
