import {
  trueFalseOptions,
  validateQuestion,
  type OptionDraft,
  type Question,
  type QuestionDraft,
  type QuestionOption,
  type OrderingGrading,
  type QuestionType,
} from '../../domain/assessment/question.js';
import type { IdGenerator } from '../shared/ports.js';
import { err, ok, type Result } from '../shared/result.js';

export interface OptionInput {
  id?: string | undefined;
  text: string;
  isCorrect?: boolean | undefined;
  weight?: number | null | undefined;
  tolerance?: number | null | undefined;
  match?: string | null | undefined;
}

export interface QuestionInput {
  type?: QuestionType | undefined;
  text?: string | undefined;
  points?: number | undefined;
  /** An option may name its `id` on update to keep it (saved answers refer to option ids). */
  options?: OptionInput[] | undefined;
  /** true_false only: builds the True/False options when `options` is left out. */
  correctAnswer?: boolean | undefined;
  /** Ordering only (refused on other types); left out, an ordering keeps its own, a new one gets the default. */
  orderingGrading?: OrderingGrading | undefined;
}

/**
 * Ids for validated options: kept ones keep theirs, new ones get fresh ids; matching choices get
 * one id per distinct match text, the same as before when that text was already a choice.
 */
export function withIds(ids: IdGenerator, options: readonly OptionDraft[], current?: readonly QuestionOption[]): QuestionOption[] {
  const choiceIds = new Map<string, string>();
  for (const o of current ?? []) if (o.match && o.matchId) choiceIds.set(o.match, o.matchId);
  return options.map((o) => {
    // Absent keys, not nulls, for what the type does not use: options compare equal however stored.
    const option: QuestionOption = { id: o.id ?? ids.uuid(), text: o.text, isCorrect: o.isCorrect };
    if (o.weight !== null && o.weight !== undefined) option.weight = o.weight;
    if (o.tolerance !== null && o.tolerance !== undefined) option.tolerance = o.tolerance;
    if (o.match) {
      let matchId = choiceIds.get(o.match);
      if (!matchId) choiceIds.set(o.match, (matchId = ids.uuid()));
      option.match = o.match;
      option.matchId = matchId;
    }
    return option;
  });
}

/**
 * The question an input makes, over the current one on update: the whole result is validated
 * again (contract §6 rules and the types of issue 19, `validateQuestion`).
 */
export function buildQuestion(
  ids: IdGenerator,
  input: QuestionInput,
  current: Pick<Question, 'type' | 'text' | 'points' | 'options' | 'orderingGrading'> | null,
): Result<
  { type: QuestionType; text: string; points: number; options: QuestionOption[]; orderingGrading?: OrderingGrading },
  'INVALID_QUESTION'
> {
  const type = input.type ?? current?.type;
  if (!type) return err('INVALID_QUESTION', 'question_type is required');
  let options: QuestionDraft['options'];
  if (input.options) options = input.options.map((o) => ({ ...o, isCorrect: o.isCorrect ?? false }));
  else if (type === 'true_false' && input.correctAnswer !== undefined) options = trueFalseOptions(input.correctAnswer);
  else if (type === 'essay' || type === 'description') options = [];
  else if (current) options = current.options;
  else if (type === 'true_false') return err('INVALID_QUESTION', 'a true_false question needs options or correct_answer');
  else return err('INVALID_QUESTION', 'options are required');
  if (type === 'true_false' && input.options === undefined && input.correctAnswer !== undefined && current?.type === 'true_false') {
    // Keep the option ids of the current True/False pair; only which one is correct changes.
    const [t, f] = current.options;
    if (t && f)
      options = [
        { id: t.id, text: t.text, isCorrect: input.correctAnswer },
        { id: f.id, text: f.text, isCorrect: !input.correctAnswer },
      ];
  }
  const known = new Set(current?.options.map((o) => o.id) ?? []);
  for (const o of options)
    if (o.id !== undefined && !known.has(o.id)) return err('INVALID_QUESTION', `options: ${o.id} is not an option of this question`);
  // A description has no mark: its points are 0 unless given (then they must be 0).
  const points = input.points ?? (type === 'description' ? 0 : current && current.type !== 'description' ? current.points : 1);
  // An ordering keeps its grading through edits that do not give one; another type drops it.
  const orderingGrading =
    input.orderingGrading ?? (type === 'ordering' && current?.type === 'ordering' ? current.orderingGrading : undefined);
  const checked = validateQuestion({ type, text: input.text ?? current?.text ?? '', points, options, orderingGrading });
  if (!checked.ok) return err('INVALID_QUESTION', checked.error);
  const v = checked.value;
  return ok({
    type: v.type,
    text: v.text,
    points: v.points,
    options: withIds(ids, v.options, current?.options),
    ...(v.orderingGrading ? { orderingGrading: v.orderingGrading } : {}),
  });
}

/** Questions from validated drafts (imports), appended from `firstOrder`. */
export function questionsFromDrafts(
  ids: IdGenerator,
  tenantId: string,
  quizId: string,
  drafts: readonly QuestionDraft[],
  firstOrder: number,
  now: Date,
): Question[] {
  return drafts.map((d, i) => ({
    id: ids.uuid(),
    tenantId,
    quizId,
    type: d.type,
    text: d.text,
    points: d.points,
    order: firstOrder + i,
    options: withIds(
      ids,
      d.options.map((o) => ({ ...o, id: undefined })),
    ),
    ...(d.orderingGrading ? { orderingGrading: d.orderingGrading } : {}),
    createdAt: now,
    updatedAt: now,
  }));
}
