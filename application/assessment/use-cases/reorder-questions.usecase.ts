import { byQuestionOrder, type Question } from '../../../domain/assessment/question.js';
import { isExactPermutation } from '../../learning/index.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `{question_ids}` must be exactly the quiz's questions, each once (contract §6); anything else is
 * a 400 and nothing changes. Orders become 1..n.
 */
export const makeReorderQuestions =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[quizId: string, questionIds: string[]], Question[], 'QUIZ_NOT_FOUND' | 'INVALID_REORDER'> =>
  async (actor, meta, quizId, questionIds) => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    return d.uow.run(async () => {
      const current = await d.questionRepository.listByQuiz(actor.tenantId, quizId);
      if (
        !isExactPermutation(
          current.map((q) => q.id),
          questionIds,
        )
      )
        return err('INVALID_REORDER', 'question_ids: must list every question of the quiz exactly once');
      const now = d.clock.now();
      await d.questionRepository.setOrder(actor.tenantId, quizId, questionIds, now);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'quiz_question.reorder',
        resourceType: 'quiz',
        resourceId: quizId,
        metadata: { question_ids: questionIds },
      });
      const rank = new Map(questionIds.map((id, i) => [id, i + 1]));
      return ok(current.map((q) => ({ ...q, order: rank.get(q.id)!, updatedAt: now })).sort(byQuestionOrder));
    });
  };
