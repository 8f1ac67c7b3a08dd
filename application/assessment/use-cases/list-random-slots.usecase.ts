import type { RandomSlot } from '../../../domain/assessment/question-bank.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { BankDeps } from '../question-bank.js';

/** `GET /admin/quizzes/:id/random-slots`: the quiz's random slots in the quiz's order (a small list). */
export const makeListRandomSlots =
  (d: Pick<BankDeps, 'quizRepository' | 'questionBankRepository'>) =>
  async (actor: Actor, quizId: string): Promise<Result<RandomSlot[], 'QUIZ_NOT_FOUND'>> => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    return ok(await d.questionBankRepository.randomSlots(actor.tenantId, quizId));
  };
