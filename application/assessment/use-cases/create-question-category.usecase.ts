import type { QuestionCategory } from '../../../domain/assessment/question-bank.js';
import { err, ok } from '../../shared/result.js';
import { courseBank, type BankDeps } from '../question-bank.js';
import { auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type CategoryError = 'COURSE_NOT_FOUND' | 'CATEGORY_NOT_FOUND' | 'INVALID_CATEGORY';

/** `POST /admin/courses/:id/question-categories {name, parent_id?}`: a category of the course's bank (a tree). */
export const makeCreateQuestionCategory =
  (
    d: Pick<BankDeps, 'learningAccess' | 'questionBankRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[courseId: string, input: { name: string; parentId?: string | null | undefined }], QuestionCategory, CategoryError> =>
  async (actor, meta, courseId, input) => {
    const bank = await courseBank(d, actor, courseId);
    if (!bank.ok) return bank;
    if (input.parentId) {
      const parent = await d.questionBankRepository.findCategory(actor.tenantId, input.parentId);
      if (!parent || parent.courseId !== courseId) return err('INVALID_CATEGORY', 'parent_id: not a category of this course');
    }
    const now = d.clock.now();
    const category: QuestionCategory = {
      ...newRecord(d.ids, actor.tenantId, now),
      courseId,
      parentId: input.parentId ?? null,
      name: input.name.trim(),
      isDefault: false,
    };
    if (!category.name) return err('INVALID_CATEGORY', 'name: required');
    await auditedWrite(d, actor, meta, () => d.questionBankRepository.insertCategory(category), {
      action: 'question_category.create',
      resourceType: 'question_category',
      resourceId: category.id,
      metadata: { course_id: courseId },
    });
    return ok(category);
  };
