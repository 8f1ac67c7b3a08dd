import { wouldCycle, type QuestionCategory } from '../../../domain/assessment/question-bank.js';
import { err, ok } from '../../shared/result.js';
import { categoryFor, type BankDeps } from '../question-bank.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `PUT /admin/question-categories/:id {name?, parent_id?}`: renames or moves a category (`parent_id`
 * null: to the top). It stays in its course and never goes below itself.
 */
export const makeUpdateQuestionCategory =
  (
    d: Pick<BankDeps, 'questionBankRepository' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<
    [id: string, input: { name?: string | undefined; parentId?: string | null | undefined }],
    QuestionCategory,
    'CATEGORY_NOT_FOUND' | 'INVALID_CATEGORY'
  > =>
  async (actor, meta, id, input) => {
    const found = await categoryFor(d, actor, id);
    if (!found.ok) return found;
    const current = found.value;
    const name = input.name === undefined ? current.name : input.name.trim();
    if (!name) return err('INVALID_CATEGORY', 'name: required');
    const parentId = input.parentId === undefined ? current.parentId : input.parentId;
    if (parentId && parentId !== current.parentId) {
      const parent = await d.questionBankRepository.findCategory(actor.tenantId, parentId);
      if (!parent || parent.courseId !== current.courseId) return err('INVALID_CATEGORY', 'parent_id: not a category of this course');
      const tree = (await d.questionBankRepository.listCategories(actor.tenantId, current.courseId)).map((c) => c.category);
      if (wouldCycle(tree, id, parentId)) return err('INVALID_CATEGORY', 'parent_id: a category cannot move below itself');
    }
    const updated: QuestionCategory = { ...current, name, parentId, updatedAt: d.clock.now() };
    await auditedWrite(d, actor, meta, () => d.questionBankRepository.updateCategory(updated), {
      action: 'question_category.update',
      resourceType: 'question_category',
      resourceId: id,
      metadata: { name, parent_id: parentId },
    });
    return ok(updated);
  };
