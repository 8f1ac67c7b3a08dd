import { roundWeight, weightUnits, WEIGHT_SCALE } from './marks.js';
import { err, ok, type Result } from './result.js';
import type { TenantRecord } from '../shared/record.js';

export const QUESTION_TYPES = [
  'multiple_choice',
  'multiple_answer',
  'true_false',
  'short_answer',
  'numerical',
  'matching',
  'essay',
  'ordering',
  'description',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const isQuestionType = (s: string): s is QuestionType => (QUESTION_TYPES as readonly string[]).includes(s);

/**
 * How an ordering question is graded: qtype_ordering's grading types (its GRADING_* constants), in
 * our snake_case. `ordering-grading.ts` grades each as qtype_ordering_question::grade_response does.
 */
export const ORDERING_GRADINGS = [
  'all_or_nothing',
  'absolute_position',
  'relative_next_exclude_last',
  'relative_next_include_last',
  'relative_one_previous_and_next',
  'relative_all_previous_and_next',
  'longest_ordered_subset',
  'longest_contiguous_subset',
  'relative_to_correct',
] as const;
export type OrderingGrading = (typeof ORDERING_GRADINGS)[number];

/**
 * An ordering question's grading when none is given, and that of questions stored before the
 * choice existed (their only one): qtype_ordering's default for new questions.
 */
export const DEFAULT_ORDERING_GRADING: OrderingGrading = 'relative_to_correct';

/** The grading of an ordering question (absent in snapshots and versions taken before it could be chosen). */
export const orderingGradingOf = (q: { orderingGrading?: OrderingGrading | undefined }): OrderingGrading =>
  q.orderingGrading ?? DEFAULT_ORDERING_GRADING;

/** Types a mentor marks by hand: the attempt waits (`needs_grading`) until they have a mark. */
export const isManuallyGraded = (type: QuestionType): boolean => type === 'essay';

/**
 * A description item (Moodle's qtype_description): text shown between questions. It takes no
 * answer and has no mark (points 0), so attempts, their maximum and statistics leave it out.
 */
export const isDescription = (type: QuestionType): boolean => type === 'description';

/**
 * One option of a question. What it means depends on the type:
 * - multiple_choice, multiple_answer, true_false: a choice; `isCorrect` marks the right ones.
 * - short_answer: an accepted answer (`*` matches any characters, as in Moodle).
 * - numerical: an accepted number (`text`, or `*` for any number) within ± `tolerance`.
 * - matching: a pair, the stem `text` and the `match` it goes with; a pair without a stem is a
 *   distractor (an extra choice). `matchId` identifies the choice students pick (pairs with the
 *   same match share it), so that a choice's id never gives its stem away.
 * - ordering: an item; the options' order is the correct order (students see them shuffled).
 * `weight` is the fraction of the question's points the option is worth (Moodle's answer grade,
 * −1 … 1, seven decimals); null: the question is unweighted (correct = 1, wrong = 0).
 */
export interface QuestionOption {
  id: string;
  text: string;
  isCorrect: boolean;
  weight?: number | null | undefined;
  tolerance?: number | null | undefined;
  match?: string | null | undefined;
  matchId?: string | null | undefined;
}

export interface Question extends TenantRecord {
  quizId: string;
  /** Its category in the course's question bank (issue 33); absent: the course's default category. */
  categoryId?: string | null | undefined;
  /** In an attempt's questions only: drawn by this random slot, at this position (1-based; statistics group by it). */
  drawnAt?: { slotId: string; position: number } | undefined;
  type: QuestionType;
  text: string;
  points: number;
  order: number;
  options: QuestionOption[];
  /** Ordering questions only: how they are graded (issue 33). Part of the content: a change makes a version. */
  orderingGrading?: OrderingGrading | undefined;
  /**
   * Its version (issue 33): 1, bumped by each edit once an attempt has seen the question. Absent in
   * snapshots taken before versions existed, which saw version 1.
   */
  version?: number | undefined;
}

/** A superseded version of a question: its content as attempts saw it, kept when an edit replaced it. */
export interface QuestionVersion {
  version: number;
  question: Question;
  /** When the edit replaced it. */
  replacedAt: Date;
}

/** Whether an edit changes what students see or how they are marked (the order in the quiz is not the question's content). */
export const sameContent = (a: Question, b: Question): boolean => {
  // Absent and null optional fields are the same content.
  const key = (q: Question) =>
    JSON.stringify(
      q.options.map((o) => [o.id, o.text, o.isCorrect, o.weight ?? null, o.tolerance ?? null, o.match ?? null, o.matchId ?? null]),
    );
  const grading = (q: Question) => (q.type === 'ordering' ? orderingGradingOf(q) : null);
  return a.type === b.type && a.text === b.text && a.points === b.points && key(a) === key(b) && grading(a) === grading(b);
};

/** What an author (API, CSV, GIFT, Aiken, Moodle XML) gives for an option, before ids are assigned. */
export type OptionDraft = Omit<QuestionOption, 'id'> & { id?: string | undefined };

/** What an author gives for a question, before ids are assigned. */
export interface QuestionDraft {
  type: QuestionType;
  text: string;
  points: number;
  options: OptionDraft[];
  /** Ordering only; validation gives an ordering without one the default. */
  orderingGrading?: OrderingGrading | undefined;
}

export const MAX_OPTIONS = 26;
export const MAX_POINTS = 1000;
export const MAX_QUESTION_TEXT = 10_000;
export const MAX_OPTION_TEXT = 2000;
export const MAX_TOLERANCE = 1e12;
export const TRUE_FALSE_LABELS = ['True', 'False'] as const;

/** The two options of a true/false question whose answer is `correct`. */
export const trueFalseOptions = (correct: boolean): QuestionDraft['options'] => [
  { text: TRUE_FALSE_LABELS[0], isCorrect: correct },
  { text: TRUE_FALSE_LABELS[1], isCorrect: !correct },
];

/** A number as students and authors write it: `3.14`, `-2`, `.5`, `1e3`, or `3,14` (decimal comma). */
export function parseNumber(text: string): number | null {
  let s = text.trim();
  if (!s.includes('.') && /^[+-]?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Whether a question's options carry weights (then every option does). */
export const isWeighted = (q: Pick<Question, 'options'>): boolean => q.options.some((o) => o.weight !== null && o.weight !== undefined);

/**
 * The weight of an option in ten-millionths: its own, or for an unweighted question 1 for a
 * correct option and 0 for a wrong one (today's all-or-nothing behaviour).
 */
export const optionUnits = (o: Pick<QuestionOption, 'weight' | 'isCorrect'>): number =>
  o.weight !== null && o.weight !== undefined ? weightUnits(o.weight) : o.isCorrect ? WEIGHT_SCALE : 0;

/** The distinct choices of a matching question, in option order: `{id, text}` per match. */
export function matchingChoices(q: Pick<Question, 'options'>): Array<{ id: string; text: string }> {
  const seen = new Map<string, { id: string; text: string }>();
  for (const o of q.options) if (o.match && o.matchId && !seen.has(o.matchId)) seen.set(o.matchId, { id: o.matchId, text: o.match });
  return [...seen.values()];
}

/** The stems of a matching question (pairs with a stem text; the others are distractors). */
export const matchingStems = <O extends Pick<QuestionOption, 'text'>>(q: { options: readonly O[] }): O[] =>
  q.options.filter((o) => o.text !== '');

const weightError = (type: QuestionType, min: number) => `weights of ${type} options are from ${min} to 1`;

/** Checks the weights of a weighted question; they arrive rounded to seven decimals. */
function checkWeights(type: QuestionType, options: readonly OptionDraft[]): Result<null, string> {
  const weights = options.map((o) => o.weight);
  if (weights.some((w) => w === null || w === undefined)) return err('give every option a weight, or none');
  const units = weights.map((w) => weightUnits(w!));
  const min = type === 'multiple_choice' || type === 'multiple_answer' ? -1 : 0;
  if (units.some((u) => u < min * WEIGHT_SCALE || u > WEIGHT_SCALE)) return err(weightError(type, min));
  if (type === 'multiple_answer') {
    // Moodle: the positive grades add up to 100 % (to two decimals of a percent).
    const positive = units.filter((u) => u > 0).reduce((s, u) => s + u, 0);
    if (positive === 0) return err('multiple_answer needs at least one option with a positive weight');
    if (Math.abs(positive - WEIGHT_SCALE) > WEIGHT_SCALE / 10_000)
      return err('the positive weights of a multiple_answer question must add up to 1');
  } else if (Math.max(...units) !== WEIGHT_SCALE) {
    // Moodle: one answer must be worth 100 %, so full marks can be had.
    return err(`${type} needs an option with weight 1 (full marks)`);
  }
  return ok(null);
}

/** multiple_choice with weights 1 and 0 only; short_answer or numerical whose answers are all worth 1. */
function weightsAreTrivial(type: QuestionType, options: readonly OptionDraft[]): boolean {
  const units = options.map((o) => weightUnits(o.weight ?? 0));
  if (type === 'multiple_choice')
    return units.every((u) => u === 0 || u === WEIGHT_SCALE) && units.filter((u) => u === WEIGHT_SCALE).length === 1;
  if (type === 'short_answer' || type === 'numerical')
    return units.every((u) => u === WEIGHT_SCALE) && !options.some((o) => o.text === '*');
  return false;
}

/**
 * The rules of a question's shape (contract §6, and Moodle's for the types it added), shared by
 * the API and every import format. Texts are trimmed and must not be empty; choice texts are unique
 * within a question (case-insensitively), so an answer is never ambiguous. Weights are optional
 * (all options or none); with them `isCorrect` follows the weight (positive = correct).
 * - multiple_choice: at least two options; unweighted exactly one correct, weighted one worth 1.
 * - multiple_answer: at least two; unweighted one or more correct (all or nothing), weighted the
 *   positive weights add up to 1 (Moodle's multiple-response rule).
 * - true_false: exactly two, one correct, no weights.
 * - short_answer: one or more accepted answers; weighted, one is worth 1.
 * - numerical: one or more numbers (or `*`) with a tolerance ≥ 0; weighted, one is worth 1.
 * - matching: at least two stems and three choices (Moodle's minimum); no weights: each right
 *   pair earns its share.
 * - essay: no options; a mentor marks it.
 * - ordering: at least two items (Moodle's minimum) in their correct order; no weights: graded by
 *   its `orderingGrading` (qtype_ordering's grading types; default relative to correct position).
 *   Other types take no grading type.
 * - description: no options and no mark (points 0), as Moodle's description items.
 * The error is a sentence naming the problem.
 */
export function validateQuestion(draft: QuestionDraft): Result<QuestionDraft, string> {
  const text = draft.text.trim();
  if (!text) return err('question_text is required');
  if (text.length > MAX_QUESTION_TEXT) return err(`question_text is longer than ${MAX_QUESTION_TEXT} characters`);
  const { type } = draft;
  if (type !== 'ordering' && draft.orderingGrading !== undefined) return err('only ordering questions have an ordering_grading');
  if (type === 'description') {
    if (draft.points !== 0) return err('a description has no mark: its points are 0');
    if (draft.options.length) return err('a description has no options');
    return ok({ type, text, points: 0, options: [] });
  }
  if (!Number.isInteger(draft.points) || draft.points < 1 || draft.points > MAX_POINTS)
    return err(`points must be an integer from 1 to ${MAX_POINTS}`);
  const options: OptionDraft[] = draft.options.map((o) => ({
    ...o,
    text: o.text.trim(),
    match: o.match === undefined || o.match === null ? o.match : o.match.trim(),
    weight: o.weight === undefined || o.weight === null ? o.weight : roundWeight(o.weight),
  }));
  if (options.length > MAX_OPTIONS) return err(`at most ${MAX_OPTIONS} options`);
  if (options.some((o) => o.text.length > MAX_OPTION_TEXT || (o.match ?? '').length > MAX_OPTION_TEXT))
    return err(`an option is longer than ${MAX_OPTION_TEXT} characters`);
  if (type === 'essay') {
    if (options.length) return err('an essay question has no options');
    return ok({ type, text, points: draft.points, options: [] });
  }
  if (options.some((o) => !o.text && type !== 'matching')) return err('an option has no text');
  // Accepted answers may repeat (Moodle reads `{=Paris =paris}`): matching them is normalised anyway.
  const seen = new Set<string>();
  for (const o of options) {
    if (!o.text || type === 'short_answer' || type === 'numerical') continue;
    const key = o.text.toLowerCase();
    if (seen.has(key)) return err(`option "${o.text}" appears twice`);
    seen.add(key);
  }
  if (type !== 'numerical' && options.some((o) => o.tolerance !== undefined && o.tolerance !== null))
    return err('only numerical options have a tolerance');
  if (type !== 'matching' && options.some((o) => o.match !== undefined && o.match !== null))
    return err('only matching options have a match');
  const weighted = options.some((o) => o.weight !== null && o.weight !== undefined);
  if (weighted && (type === 'true_false' || type === 'matching' || type === 'ordering')) return err(`${type} options take no weight`);
  if (weighted) {
    const checked = checkWeights(type, options);
    if (!checked.ok) return checked;
  }
  const correct = options.filter((o) => (weighted ? (o.weight ?? 0) > 0 : o.isCorrect)).length;
  if (weighted && weightsAreTrivial(type, options)) {
    // Weights that grade exactly as none would (one right choice; every accepted answer full marks)
    // are dropped, so the same question is stored the same way however it was written.
    return validateQuestion({ ...draft, options: options.map((o) => ({ ...o, isCorrect: (o.weight ?? 0) > 0, weight: null })) });
  }
  const withCorrectness = (o: OptionDraft): OptionDraft => (weighted ? { ...o, isCorrect: (o.weight ?? 0) > 0 } : { ...o, weight: null });
  // Short and numerical answers: unweighted, every accepted answer is correct (contract §6).
  const accepted = (o: OptionDraft): OptionDraft => (weighted ? withCorrectness(o) : { ...o, weight: null, isCorrect: true });
  switch (type) {
    case 'multiple_choice':
      if (options.length < 2) return err('multiple_choice needs at least two options');
      if (!weighted && correct !== 1) return err('multiple_choice needs exactly one correct option');
      break;
    case 'multiple_answer':
      if (options.length < 2) return err('multiple_answer needs at least two options');
      if (correct < 1) return err('multiple_answer needs at least one correct option');
      break;
    case 'true_false':
      if (options.length !== 2) return err('true_false needs exactly two options');
      if (correct !== 1) return err('true_false needs exactly one correct option');
      break;
    case 'short_answer':
      if (options.length < 1) return err('short_answer needs at least one accepted answer in options');
      return ok({ type, text, points: draft.points, options: options.map(accepted) });
    case 'numerical': {
      if (options.length < 1) return err('numerical needs at least one accepted number in options');
      for (const o of options) {
        if (o.text !== '*' && parseNumber(o.text) === null) return err(`numerical answer "${o.text}" is not a number`);
        const t = o.tolerance ?? 0;
        if (!Number.isFinite(t) || t < 0 || t > MAX_TOLERANCE) return err('a tolerance is a number from 0 up');
      }
      return ok({
        type,
        text,
        points: draft.points,
        options: options.map((o) => ({ ...accepted(o), tolerance: o.tolerance ?? 0 })),
      });
    }
    case 'matching': {
      if (options.some((o) => !o.match)) return err('every matching pair needs a match (the answer its stem goes with)');
      const stems = options.filter((o) => o.text);
      const choices = new Set(options.map((o) => o.match));
      if (stems.length < 2 || choices.size < 3)
        return err('matching needs at least two stems and three different matches (a pair without a stem is an extra choice)');
      return ok({ type, text, points: draft.points, options: options.map((o) => ({ ...o, weight: null, isCorrect: o.text !== '' })) });
    }
    case 'ordering':
      if (options.length < 2) return err('ordering needs at least two items (options, in their correct order)');
      return ok({
        type,
        text,
        points: draft.points,
        options: options.map((o) => ({ ...o, weight: null, isCorrect: true })),
        orderingGrading: orderingGradingOf(draft),
      });
  }
  return ok({ type, text, points: draft.points, options: options.map(withCorrectness) });
}

/** Questions by their order, ties by creation then id (as lessons). */
export const byQuestionOrder = (a: Pick<Question, 'order' | 'createdAt' | 'id'>, b: Pick<Question, 'order' | 'createdAt' | 'id'>): number =>
  a.order - b.order || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const maxScoreOf = (questions: readonly Pick<Question, 'points'>[]): number => questions.reduce((s, q) => s + q.points, 0);

/**
 * Moodle's random guess score: the fraction of the points a random answer earns on average.
 * multiple_choice: the mean weight of its options; true_false 0.5; matching 1 / choices;
 * short_answer and numerical: the weight of a `*` answer, else 0; ordering 0 whatever its grading
 * type (qtype_ordering does not override question_type::get_random_guess_score, which is 0);
 * multiple_answer, essay and description: null (Moodle does not compute it for them).
 */
export function randomGuessScore(q: Pick<Question, 'type' | 'options'>): number | null {
  switch (q.type) {
    case 'multiple_choice':
      return q.options.length ? q.options.reduce((s, o) => s + optionUnits(o), 0) / WEIGHT_SCALE / q.options.length : null;
    case 'true_false':
      return 0.5;
    case 'matching': {
      const n = matchingChoices(q).length;
      return n ? 1 / n : null;
    }
    case 'short_answer':
    case 'numerical': {
      const any = q.options.find((o) => o.text === '*');
      return any ? Math.max(0, optionUnits(any)) / WEIGHT_SCALE : 0;
    }
    case 'ordering':
      return 0;
    case 'multiple_answer':
    case 'essay':
    case 'description':
      return null;
  }
}
