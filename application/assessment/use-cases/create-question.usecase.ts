import type { Question } from '../../../domain/assessment/question.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { buildQuestion, type QuestionInput } from '../question-input.js';
import { recordAudit } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Adds a question after the last one (contract §6 question types and their rules). */
export const makeCreateQuestion =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[quizId: string, input: QuestionInput], Question, 'QUIZ_NOT_FOUND' | 'INVALID_QUESTION'> =>
  async (actor, meta, quizId, input) => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    const built = buildQuestion(d.ids, input, null);
    if (!built.ok) return built;
    const now = d.clock.now();
    return d.uow.run(async () => {
      const question: Question = {
        ...newRecord(d.ids, actor.tenantId, now),
        quizId,
        ...built.value,
        order: await d.questionRepository.nextOrder(actor.tenantId, quizId),
      };
      await d.questionRepository.insertMany([question]);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'quiz_question.create',
        resourceType: 'quiz_question',
        resourceId: question.id,
        metadata: { quiz_id: quizId },
      });
      return ok(question);
    });
  };
