import { withQuizStatus } from '../../../domain/assessment/quiz.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { QuizWithStats } from '../ports/quiz-repository.js';
import { quizStats } from '../quiz-access.js';
import { checkRandomSlots, type BankDeps } from '../question-bank.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * Publishes a quiz: students may see and take it, and passing it becomes part of completing the
 * course (contract §6). A quiz without questions, or with a random slot its category cannot fill,
 * cannot be published; publishing twice is a no-op.
 * Answers the quiz with its question count and maximum score, as GET does.
 */
export const makePublishQuiz =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'auditLog' | 'clock' | 'uow'> &
      Partial<Pick<BankDeps, 'questionBankRepository'>>,
  ): AuditedCommand<[id: string], QuizWithStats, 'QUIZ_NOT_FOUND' | 'QUIZ_HAS_NO_QUESTIONS' | 'RANDOM_SLOT_TOO_FEW_QUESTIONS'> =>
  async (actor, meta, id) => {
    const quiz = await d.quizRepository.findById(actor.tenantId, id);
    if (!quiz) return err('QUIZ_NOT_FOUND');
    const stats = await quizStats(d, actor.tenantId, id);
    if (quiz.status === 'published') return ok({ quiz, stats });
    // Description items alone (no mark, not counted) are no quiz either.
    if (stats.count === 0) return err('QUIZ_HAS_NO_QUESTIONS');
    // Issue 33 item 5: each random slot's category must offer `count` questions not fixed in the quiz.
    if (d.questionBankRepository) {
      const fillable = await checkRandomSlots(
        { ...d, questionBankRepository: d.questionBankRepository },
        actor.tenantId,
        quiz.courseId,
        id,
      );
      if (!fillable.ok) return fillable;
    }
    const published = withQuizStatus(quiz, 'published', d.clock.now());
    await auditedWrite(d, actor, meta, () => d.quizRepository.update(published), {
      action: 'quiz.publish',
      resourceType: 'quiz',
      resourceId: id,
    });
    return ok({ quiz: published, stats });
  };
