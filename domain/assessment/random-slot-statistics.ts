import {
  accumulate,
  computeAnalytics,
  type AttemptMoments,
  type GradedAttemptMarks,
  type QuestionAnalytics,
  type QuestionFacts,
  type QuestionMoments,
  type QuizAnalytics,
} from './analytics.js';
import type { RandomSlot } from './question-bank.js';

/**
 * Statistics of random slots as Moodle computes them (question/classes/statistics/questions/
 * calculator.php): a random slot of ours that draws `count` questions is `count` of Moodle's random
 * slots, one per position. Each position is one item of the quiz (its marks, whichever question was
 * drawn there, enter the slot's figures, Cronbach's alpha and the effective weights); each drawn
 * question also gets its own figures (Moodle's sub-question statistics) over the attempts that drew it.
 */

/** The key of one position of a random slot: what Moodle calls a slot. */
export const slotKey = (slotId: string, position: number): string => `${slotId}:${position}`;

/** Where a drawn question stands in its attempt: its random slot and position (1-based). */
export interface DrawnAt {
  slotId: string;
  position: number;
}

/** A graded attempt's marks, those of drawn questions knowing their slot position. */
export type SlottedAttemptMarks = Omit<GradedAttemptMarks, 'marks'> & {
  marks: ReadonlyArray<GradedAttemptMarks['marks'][number] & { drawnAt?: DrawnAt | undefined }>;
};

/** In one pass per view (memory adapter; SQL computes the same sums): moments per slot position and per drawn question. */
export function accumulateRandomSlots(rows: readonly SlottedAttemptMarks[]): { slots: QuestionMoments[]; drawn: QuestionMoments[] } {
  const drawnOnly = rows.map((r) => ({ ...r, marks: r.marks.filter((m) => m.drawnAt) }));
  return {
    slots: accumulate(
      drawnOnly.map((r) => ({ ...r, marks: r.marks.map((m) => ({ ...m, questionId: slotKey(m.drawnAt!.slotId, m.drawnAt!.position) })) })),
    ).questions,
    drawn: accumulate(drawnOnly).questions,
  };
}

export interface RandomSlotAnalytics {
  /** The quiz's figures, with each random slot position as one item; `questions` are the fixed ones. */
  analytics: QuizAnalytics;
  /** Per slot position (`questionId` is its `slotKey`), in slot order. */
  positions: Array<{ slot: RandomSlot; position: number; stats: QuestionAnalytics | null }>;
  /** Per drawn question, over the attempts that drew it (weights are a slot's, not a question's: null). */
  drawn: QuestionAnalytics[];
}

/**
 * The statistics of a quiz with random slots: `fixed` and `fixedFacts` are the quiz's own questions'
 * moments and facts, `slotMoments` and `drawn` what `accumulateRandomSlots` (or SQL) gives.
 */
export function randomSlotAnalytics(
  attempts: AttemptMoments,
  fixed: readonly QuestionMoments[],
  fixedFacts: readonly QuestionFacts[],
  slots: readonly RandomSlot[],
  slotMoments: readonly QuestionMoments[],
  drawn: readonly QuestionMoments[],
): RandomSlotAnalytics {
  const positions = slots.flatMap((slot) =>
    Array.from({ length: slot.count }, (_, i) => ({ slot, position: i + 1, key: slotKey(slot.id, i + 1) })),
  );
  const keys = new Set(positions.map((p) => p.key));
  const slotFacts: QuestionFacts[] = positions.map((p) => ({ questionId: p.key, maxMark: p.slot.points, randomGuessScore: null }));
  const all = computeAnalytics(attempts, [...fixed, ...slotMoments.filter((m) => keys.has(m.questionId))], [...fixedFacts, ...slotFacts]);
  const byKey = new Map(all.questions.map((q) => [q.questionId, q]));
  return {
    analytics: { ...all, questions: all.questions.filter((q) => !keys.has(q.questionId)) },
    positions: positions.map((p) => ({ slot: p.slot, position: p.position, stats: byKey.get(p.key) ?? null })),
    drawn: computeAnalytics(attempts, drawn).questions.map((q) => ({
      ...q,
      intendedWeight: null,
      effectiveWeight: null,
      randomGuessScore: null,
    })),
  };
}
