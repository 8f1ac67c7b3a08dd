import {
  defaultCategoryName,
  drawRandomSlots,
  subtreeIds,
  type QuestionCategory,
  type RandomSlot,
} from '../../domain/assessment/question-bank.js';
import type { Actor } from '../shared/actor.js';
import { err, ok, type Result } from '../shared/result.js';
import type { AssessmentDeps } from './deps.js';
import type { QuestionBankRepository } from './ports/question-bank-repository.js';

/** The bank's use cases: the assessment deps and the bank itself (issue 33 items 4 and 5). */
export type BankDeps = AssessmentDeps & { questionBankRepository: QuestionBankRepository };

/**
 * The course (for an author: drafts included) and its default category, created on first need: a
 * course's bank always shows where its quizzes' own questions live.
 */
export async function courseBank(
  d: Pick<BankDeps, 'learningAccess' | 'questionBankRepository' | 'clock'>,
  actor: Actor,
  courseId: string,
): Promise<Result<QuestionCategory, 'COURSE_NOT_FOUND'>> {
  const found = await d.learningAccess.courseFor(actor, courseId);
  if (!found.ok) return err('COURSE_NOT_FOUND');
  return ok(
    await d.questionBankRepository.ensureDefaultCategory(
      actor.tenantId,
      courseId,
      defaultCategoryName(found.value.course.title),
      d.clock.now(),
    ),
  );
}

/** A category of the caller's tenant, or CATEGORY_NOT_FOUND. */
export async function categoryFor(
  d: Pick<BankDeps, 'questionBankRepository'>,
  actor: Actor,
  id: string,
): Promise<Result<QuestionCategory, 'CATEGORY_NOT_FOUND'>> {
  const found = await d.questionBankRepository.findCategory(actor.tenantId, id);
  return found ? ok(found) : err('CATEGORY_NOT_FOUND');
}

/** The categories each slot draws from (per slot id): its own, and those below it when asked (one query then). */
export async function slotCategories(
  bank: QuestionBankRepository,
  tenantId: string,
  courseId: string,
  slots: readonly RandomSlot[],
): Promise<Map<string, string[]>> {
  const categoriesOf = new Map<string, string[]>(slots.map((s) => [s.id, [s.categoryId]]));
  if (slots.some((s) => s.includeSubcategories)) {
    const tree = (await bank.listCategories(tenantId, courseId)).map((c) => c.category);
    for (const s of slots) if (s.includeSubcategories) categoriesOf.set(s.id, subtreeIds(tree, s.categoryId));
  }
  return categoriesOf;
}

/**
 * The questions each random slot of the quiz may draw (ids per slot id), from its category and,
 * when asked, the categories below it. Three queries whatever the number of slots: the slots, the
 * course's categories (only when a slot takes subcategories), the candidate ids.
 */
export async function slotCandidates(
  bank: QuestionBankRepository,
  tenantId: string,
  courseId: string,
  slots: readonly RandomSlot[],
): Promise<Map<string, string[]>> {
  const categoriesOf = await slotCategories(bank, tenantId, courseId, slots);
  const ids = await bank.questionIdsIn(tenantId, [...new Set([...categoriesOf.values()].flat())]);
  return new Map(slots.map((s) => [s.id, categoriesOf.get(s.id)!.flatMap((c) => ids.get(c) ?? [])]));
}

/** A slot whose category cannot fill it: the error detail names it and how many questions it offers. */
export const tooFewDetail = (slot: RandomSlot, available: number): string =>
  `random slot ${slot.id}: category ${slot.categoryId} offers ${available} questions not already in the quiz, the slot draws ${slot.count}`;

/** Checks that every random slot of the quiz can be filled (publish), beside the quiz's fixed questions. */
export async function checkRandomSlots(
  d: Pick<BankDeps, 'questionBankRepository' | 'questionRepository'>,
  tenantId: string,
  courseId: string,
  quizId: string,
): Promise<Result<null, 'RANDOM_SLOT_TOO_FEW_QUESTIONS'>> {
  const slots = await d.questionBankRepository.randomSlots(tenantId, quizId);
  if (slots.length === 0) return ok(null);
  const [candidates, fixed] = await Promise.all([
    slotCandidates(d.questionBankRepository, tenantId, courseId, slots),
    d.questionRepository.listByQuiz(tenantId, quizId),
  ]);
  const drawn = drawRandomSlots(slots, (s) => candidates.get(s.id) ?? [], new Set(fixed.map((q) => q.id)), 0);
  return drawn.ok ? ok(null) : err('RANDOM_SLOT_TOO_FEW_QUESTIONS', tooFewDetail(drawn.slot, drawn.available));
}
