import type { BankQuestion } from '../../../domain/assessment/question-bank.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import { buildQuestion, type QuestionInput } from '../question-input.js';
import { categoryFor, type BankDeps } from '../question-bank.js';
import { auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';

/**
 * `POST /admin/question-categories/:id/questions`: a question of the bank that no quiz holds yet
 * (random slots draw it); the body and its rules are a quiz question's.
 */
export const makeCreateBankQuestion =
  (d: Pick<BankDeps, 'questionBankRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    categoryId: string,
    input: QuestionInput,
  ): Promise<Result<BankQuestion, 'CATEGORY_NOT_FOUND' | 'INVALID_QUESTION'>> => {
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
