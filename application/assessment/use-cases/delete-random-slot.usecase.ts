import { err } from '../../shared/result.js';
import type { BankDeps } from '../question-bank.js';
import { auditedRemove } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `DELETE /admin/quiz-random-slots/:id`: later attempts no longer draw from it; attempts already
 * started keep the questions they drew (their snapshot), and their answers and marks.
 */
export const makeDeleteRandomSlot =
  (
    d: Pick<BankDeps, 'quizRepository' | 'questionBankRepository' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[id: string], null, 'RANDOM_SLOT_NOT_FOUND'> =>
  async (actor, meta, id) => {
    const slot = await d.questionBankRepository.findRandomSlot(actor.tenantId, id);
    if (!slot) return err('RANDOM_SLOT_NOT_FOUND');
    const remove = async () => {
      // Ordered with starts, which read the slots under the quiz's share lock.
      await d.quizRepository.lock(actor.tenantId, slot.quizId);
      return d.questionBankRepository.deleteRandomSlot(actor.tenantId, id);
    };
    return auditedRemove(d, actor, meta, remove, 'RANDOM_SLOT_NOT_FOUND', {
      action: 'quiz_random_slot.delete',
      resourceType: 'quiz',
      resourceId: slot.quizId,
      metadata: { slot_id: id },
    });
  };
