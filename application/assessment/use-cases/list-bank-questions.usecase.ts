import type { BankQuestion } from '../../../domain/assessment/question-bank.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { categoryFor, type BankDeps } from '../question-bank.js';

/** The questions filed in a category (not its subcategories), oldest first: quizzes' own and bank-only ones. */
export const makeListBankQuestions =
  (d: Pick<BankDeps, 'questionBankRepository'>) =>
  async (actor: Actor, categoryId: string, page: PageRequest): Promise<Result<Page<BankQuestion>, 'CATEGORY_NOT_FOUND'>> => {
    const category = await categoryFor(d, actor, categoryId);
    if (!category.ok) return category;
    return ok(await d.questionBankRepository.listQuestions(actor.tenantId, categoryId, page));
  };
