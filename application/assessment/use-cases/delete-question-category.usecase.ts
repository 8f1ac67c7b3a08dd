import { err, ok } from '../../shared/result.js';
import { categoryFor, type BankDeps } from '../question-bank.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `DELETE /admin/question-categories/:id`: only an empty category goes (no questions, no
 * subcategories, no random slot drawing from it), and never the course's default one: questions
 * and attempts hang on them (contract §10, deletions that would lose records answer 400).
 */
export const makeDeleteQuestionCategory =
  (
    d: Pick<BankDeps, 'questionBankRepository' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[id: string], null, 'CATEGORY_NOT_FOUND' | 'CATEGORY_IS_DEFAULT' | 'CATEGORY_NOT_EMPTY'> =>
  async (actor, meta, id) => {
    const found = await categoryFor(d, actor, id);
    if (!found.ok) return found;
    if (found.value.isDefault) return err('CATEGORY_IS_DEFAULT', "the course's default category holds its quizzes' questions");
    return d.uow.run(async () => {
      const usage = await d.questionBankRepository.categoryUsage(actor.tenantId, id);
      const held = [
        usage.questions && `${usage.questions} questions`,
        usage.children && `${usage.children} subcategories`,
        usage.slots && `${usage.slots} random slots`,
      ].filter(Boolean);
      if (held.length) return err('CATEGORY_NOT_EMPTY', `the category holds ${held.join(', ')}`);
      await d.questionBankRepository.deleteCategory(actor.tenantId, id);
      await recordAudit(d.auditLog, actor, meta, { action: 'question_category.delete', resourceType: 'question_category', resourceId: id });
      return ok(null);
    });
  };
