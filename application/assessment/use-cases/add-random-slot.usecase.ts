import type { RandomSlot } from '../../../domain/assessment/question-bank.js';
import { err, ok } from '../../shared/result.js';
import { categoryFor, type BankDeps } from '../question-bank.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface RandomSlotInput {
  categoryId: string;
  count: number;
  includeSubcategories?: boolean | undefined;
  /** What each drawn question is worth in the attempt (Moodle's slot mark); default 1. */
  points?: number | undefined;
}

/**
 * `POST /admin/quizzes/:id/random-slots`: after the quiz's last question, a slot from which each
 * attempt draws `count` distinct questions of a category of the quiz's course. Whether the category
 * holds enough is checked when the quiz is published and at every start (questions may go meanwhile).
 */
export const makeAddRandomSlot =
  (
    d: Pick<BankDeps, 'quizRepository' | 'questionBankRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[quizId: string, input: RandomSlotInput], RandomSlot, 'QUIZ_NOT_FOUND' | 'CATEGORY_NOT_FOUND' | 'INVALID_CATEGORY'> =>
  async (actor, meta, quizId, input) => {
    const quiz = await d.quizRepository.findById(actor.tenantId, quizId);
    if (!quiz) return err('QUIZ_NOT_FOUND');
    const category = await categoryFor(d, actor, input.categoryId);
    if (!category.ok) return category;
    if (category.value.courseId !== quiz.courseId) return err('INVALID_CATEGORY', "category_id: not a category of the quiz's course");
    return d.uow.run(async () => {
      // The quiz row's lock orders concurrent additions (and starts) with this one.
      await d.quizRepository.lock(actor.tenantId, quizId);
      const slot: RandomSlot = {
        id: d.ids.uuid(),
        tenantId: actor.tenantId,
        quizId,
        categoryId: input.categoryId,
        includeSubcategories: input.includeSubcategories ?? false,
        count: input.count,
        points: input.points ?? 1,
        order: await d.questionBankRepository.nextSlotOrder(actor.tenantId, quizId),
        createdAt: d.clock.now(),
      };
      await d.questionBankRepository.insertRandomSlot(slot);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'quiz_random_slot.create',
        resourceType: 'quiz',
        resourceId: quizId,
        metadata: { slot_id: slot.id, category_id: slot.categoryId, count: slot.count },
      });
      return ok(slot);
    });
  };
