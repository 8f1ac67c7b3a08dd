import { shortAnswerMatches, toleranceInterval, withinTolerance } from './grading.js';
import { WEIGHT_SCALE } from './marks.js';
import {
  isWeighted,
  matchingChoices,
  matchingStems,
  optionUnits,
  parseNumber,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
} from './question.js';

/**
 * Moodle's "Analysis of responses" (question/classes/statistics/responses): each question is cut
 * into subparts (a matching question's stems; one subpart otherwise), each subpart into the
 * responses it can get (Moodle's `get_possible_responses`: its model responses, each with the
 * credit it earns), and every response given is counted under the model response it falls in
 * (Moodle's `classify_response`), the actual responses listed under it.
 *
 * The store hands us counts of answer elements (an option id, a short answer's or number's text,
 * a matching "stem:choice" pair, an ordering's "item@position"; `null` for an attempt that gave none), so the analysis costs the
 * number of distinct responses, not the number of attempts.
 */

/** Types Moodle analyses the responses of: all but essays and descriptions, which have none (`can_analyse_responses`). */
export const ANALYSED_TYPES: readonly QuestionType[] = QUESTION_TYPES.filter((type) => type !== 'essay' && type !== 'description');

/**
 * An ordering answer's element as the stores tally it: the item and the position (1…n) it was put
 * in, since the analysis of an ordering counts positions per item.
 */
export const orderingElement = (itemId: string, position: number): string => `${itemId}@${position}`;
export const isAnalysed = (type: QuestionType): boolean => ANALYSED_TYPES.includes(type);

/** Moodle's names of its special response classes (lang/en/question.php). */
export const NO_RESPONSE = '[No response]';
export const NO_MATCH = '[Did not match any answer]';
export const UNKNOWN = '[Unknown]';

/** How often one answer element was given in the counted attempts (`response` null: the attempt gave none). */
export interface ResponseTally {
  questionId: string;
  response: string | null;
  count: number;
}

/** An actual response and how often it was given. */
export interface ActualResponse {
  response: string;
  count: number;
}

/** One of Moodle's response classes ("model responses") of a subpart. */
export interface ResponseClass {
  /** Moodle's label: the answer ("frog"), a number with its interval ("3.14 (3.14..3.14)"), "stem: choice", or a special class. */
  label: string;
  kind: 'answer' | 'no_match' | 'no_response' | 'unknown';
  /** The fraction of the question's points it earns (Moodle's `fraction`); null where we grade it otherwise (unweighted multiple_answer). */
  credit: number | null;
  count: number;
  /** The responses given, most frequent first (ties by text); none under `[No response]`. */
  responses: ActualResponse[];
}

export interface ResponseSubpart {
  /** A matching stem, a multiple_answer option; null for the single subpart of the other types. */
  label: string | null;
  classes: ResponseClass[];
}

export interface QuestionResponseAnalysis {
  questionId: string;
  /** Counted attempts that held the question. */
  attempts: number;
  subparts: ResponseSubpart[];
}

interface ClassDraft {
  key: string;
  label: string;
  kind: ResponseClass['kind'];
  credit: number | null;
}

const credit = (units: number) => units / WEIGHT_SCALE;

/** PHP prints a float with 14 significant digits (`precision`): Moodle's interval labels read so. */
const phpFloat = (x: number) => String(Number(x.toPrecision(14)));

/** Moodle's model responses of a single-subpart question, in Moodle's order (specials last). */
function singleClasses(q: Question): ClassDraft[] {
  const special: ClassDraft[] = [{ key: NO_RESPONSE, label: NO_RESPONSE, kind: 'no_response', credit: 0 }];
  switch (q.type) {
    case 'true_false':
      // qtype_truefalse lists false (0) before true (1); our options are True then False.
      return [...[...q.options].reverse().map((o) => answerClass(o.id, o.text, credit(optionUnits(o)))), ...special];
    case 'multiple_choice':
      return [...q.options.map((o) => answerClass(o.id, o.text, credit(optionUnits(o)))), ...special];
    case 'short_answer':
    case 'numerical': {
      const classes = q.options.map((o) => {
        const interval = q.type === 'numerical' ? toleranceInterval(o) : null;
        const label = interval ? `${o.text} (${phpFloat(interval[0])}..${phpFloat(interval[1])})` : o.text;
        return answerClass(o.id, label, credit(optionUnits(o)));
      });
      const star = q.options.some((o) => o.text === '*');
      return [...classes, ...(star ? [] : [{ key: NO_MATCH, label: NO_MATCH, kind: 'no_match' as const, credit: 0 }]), ...special];
    }
    default:
      return special;
  }
}

const answerClass = (key: string, label: string, c: number | null): ClassDraft => ({ key, label, kind: 'answer', credit: c });

/**
 * The class a short answer or number falls in: the best accepted answer it matches (ties: the
 * first), as our grading picks it; none: Moodle's "did not match any answer".
 */
function textClass(q: Question, response: string): string {
  const value = q.type === 'numerical' ? parseNumber(response) : null;
  let best: { key: string; units: number } | null = null;
  for (const o of q.options) {
    const matches = q.type === 'numerical' ? value !== null && withinTolerance(o, value) : shortAnswerMatches(o.text, response);
    if (matches && (!best || optionUnits(o) > best.units)) best = { key: o.id, units: optionUnits(o) };
  }
  return best?.key ?? NO_MATCH;
}

/** Counts gathered per class key, then the actual responses per class. */
class Tally {
  private readonly byClass = new Map<string, Map<string, number>>();
  add(key: string, response: string, count: number) {
    const responses = this.byClass.get(key) ?? new Map<string, number>();
    responses.set(response, (responses.get(response) ?? 0) + count);
    this.byClass.set(key, responses);
  }
  classes(drafts: ClassDraft[]): ResponseClass[] {
    const known = new Set(drafts.map((d) => d.key));
    const unknown = [...this.byClass.keys()].some((k) => !known.has(k));
    const all = unknown ? [...drafts, { key: UNKNOWN, label: UNKNOWN, kind: 'unknown' as const, credit: null }] : drafts;
    return all.map((d) => {
      const counted =
        d.key === UNKNOWN
          ? [...this.byClass].filter(([k]) => !known.has(k)).flatMap(([, m]) => [...m])
          : [...(this.byClass.get(d.key) ?? [])];
      const merged = new Map<string, number>();
      for (const [response, count] of counted) merged.set(response, (merged.get(response) ?? 0) + count);
      const responses = [...merged]
        .map(([response, count]) => ({ response, count }))
        .sort((a, b) => b.count - a.count || (a.response < b.response ? -1 : a.response > b.response ? 1 : 0));
      return {
        label: d.label,
        kind: d.kind,
        credit: d.credit,
        count: responses.reduce((s, r) => s + r.count, 0),
        responses: d.kind === 'no_response' ? [] : responses,
      };
    });
  }
}

/** The no-response class carries its count alone (Moodle lists no actual response under it). */
const withNoResponse = (classes: ResponseClass[], count: number): ResponseClass[] =>
  classes.map((c) => (c.kind === 'no_response' ? { ...c, count } : c));

/**
 * The analysis of one question from its tallies over `attempts` counted attempts. Matching: a
 * subpart per stem, a class per choice ("stem: choice", worth 1/stems when right), and the stem's
 * `[No response]` = attempts that paired it with nothing. multiple_answer: Moodle's
 * multiple-response analysis, a subpart per option counted when chosen. Ordering: qtype_ordering's,
 * a subpart per item, a class per position it was put in. The other types: one
 * subpart; an attempt without an answer counts under `[No response]`.
 */
export function analyseQuestionResponses(q: Question, attempts: number, tallies: readonly ResponseTally[]): QuestionResponseAnalysis {
  const given = tallies.filter((t) => t.response !== null) as Array<ResponseTally & { response: string }>;
  const none = tallies.filter((t) => t.response === null).reduce((s, t) => s + t.count, 0);
  if (q.type === 'matching') {
    const choices = matchingChoices(q);
    const stems = matchingStems(q);
    const subparts = stems.map((stem) => {
      const tally = new Tally();
      let paired = 0;
      for (const t of given) {
        const at = t.response.indexOf(':');
        if (t.response.slice(0, at) !== stem.id) continue;
        const choiceId = t.response.slice(at + 1);
        paired += t.count;
        tally.add(choiceId, choices.find((c) => c.id === choiceId)?.text ?? choiceId, t.count);
      }
      const drafts = [
        ...choices.map((c) =>
          answerClass(c.id, `${stem.text}: ${c.text}`, c.id === stem.matchId ? Math.round(WEIGHT_SCALE / stems.length) / WEIGHT_SCALE : 0),
        ),
        { key: NO_RESPONSE, label: NO_RESPONSE, kind: 'no_response' as const, credit: 0 },
      ];
      return { label: stem.text, classes: withNoResponse(tally.classes(drafts), attempts - paired) };
    });
    return { questionId: q.id, attempts, subparts };
  }
  if (q.type === 'ordering') {
    // qtype_ordering's get_possible_responses and classify_response: a subpart per item (in the
    // correct order), a class per position, worth 1/n at the item's correct position.
    const n = q.options.length;
    const subparts = q.options.map((item, correctAt) => {
      const tally = new Tally();
      let placed = 0;
      for (const t of given) {
        const at = t.response.lastIndexOf('@');
        if (t.response.slice(0, at) !== item.id) continue;
        placed += t.count;
        const position = Number(t.response.slice(at + 1));
        tally.add(`position-${position}`, `Position ${position}`, t.count);
      }
      const drafts = [
        ...q.options.map((_, i) =>
          answerClass(`position-${i + 1}`, `Position ${i + 1}`, i === correctAt ? Math.round(WEIGHT_SCALE / n) / WEIGHT_SCALE : 0),
        ),
        { key: NO_RESPONSE, label: NO_RESPONSE, kind: 'no_response' as const, credit: 0 },
      ];
      return { label: item.text, classes: withNoResponse(tally.classes(drafts), attempts - placed) };
    });
    return { questionId: q.id, attempts, subparts };
  }
  if (q.type === 'multiple_answer') {
    const weighted = isWeighted(q);
    const subparts = q.options.map((o) => {
      const count = given.filter((t) => t.response === o.id).reduce((s, t) => s + t.count, 0);
      const responses = count ? [{ response: o.text, count }] : [];
      const c: ResponseClass = { label: o.text, kind: 'answer', credit: weighted ? credit(optionUnits(o)) : null, count, responses };
      return { label: o.text, classes: [c] };
    });
    return { questionId: q.id, attempts, subparts };
  }
  const tally = new Tally();
  for (const t of given) {
    if (q.type === 'short_answer' || q.type === 'numerical') tally.add(textClass(q, t.response), t.response, t.count);
    else tally.add(t.response, q.options.find((o) => o.id === t.response)?.text ?? t.response, t.count);
  }
  return { questionId: q.id, attempts, subparts: [{ label: null, classes: withNoResponse(tally.classes(singleClasses(q)), none) }] };
}
