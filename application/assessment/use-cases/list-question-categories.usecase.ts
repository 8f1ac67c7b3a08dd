import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { CategoryWithCount } from '../ports/question-bank-repository.js';
import { courseBank, type BankDeps } from '../question-bank.js';

/** The course's categories (its default one included), by name; `parent_id` gives the tree. */
export const makeListQuestionCategories =
  (d: Pick<BankDeps, 'learningAccess' | 'questionBankRepository' | 'clock'>) =>
  async (actor: Actor, courseId: string): Promise<Result<CategoryWithCount[], 'COURSE_NOT_FOUND'>> => {
    const bank = await courseBank(d, actor, courseId);
    if (!bank.ok) return bank;
    return ok(await d.questionBankRepository.listCategories(actor.tenantId, courseId));
  };
