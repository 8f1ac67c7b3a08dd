import type { BankQuestion } from '../../../domain/assessment/question-bank.js';
import { ok } from '../../shared/result.js';
import { buildQuestion, type QuestionInput } from '../question-input.js';
import { categoryFor, type BankDeps } from '../question-bank.js';
import { auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `POST /admin/question-categories/:id/questions`: a question of the bank that no quiz holds yet
 * (random slots draw it); the body and its rules are a quiz question's.
 */
export const makeCreateBankQuestion =
  (
    d: Pick<BankDeps, 'questionBankRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[categoryId: string, input: QuestionInput], BankQuestion, 'CATEGORY_NOT_FOUND' | 'INVALID_QUESTION'> =>
  async (actor, meta, categoryId, input) => {
    const category = await categoryFor(d, actor, categoryId);
    if (!category.ok) return category;
    const built = buildQuestion(d.ids, input, null);
    if (!built.ok) return built;
    const now = d.clock.now();
    const question: BankQuestion = {
      ...newRecord(d.ids, actor.tenantId, now),
      quizId: null,
      categoryId,
      ...built.value,
      order: 0,
    };
    await auditedWrite(d, actor, meta, () => d.questionBankRepository.insertQuestions([question]), {
      action: 'bank_question.create',
      resourceType: 'quiz_question',
      resourceId: question.id,
      metadata: { category_id: categoryId },
    });
    return ok(question);
  };
