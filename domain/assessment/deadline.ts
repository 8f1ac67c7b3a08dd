import type { Attempt } from './attempt.js';

const MINUTE_MS = 60_000;

/** The server-side deadline of an attempt started at `startedAt` (contract §6); null without a limit. */
export function deadlineFor(startedAt: Date, durationMinutes: number): Date | null {
  return durationMinutes > 0 ? new Date(startedAt.getTime() + durationMinutes * MINUTE_MS) : null;
}

/**
 * An attempt still marked in progress whose time is up: at the deadline instant it is already
 * over (answers are accepted only strictly before `deadline_at`).
 */
export function isOverdue(attempt: Pick<Attempt, 'status' | 'deadlineAt'>, now: Date): boolean {
  return attempt.status === 'in_progress' && attempt.deadlineAt !== null && now.getTime() >= attempt.deadlineAt.getTime();
}

/** Whole seconds left (rounded down, never negative); null without a limit or once ended. */
export function secondsLeft(attempt: Pick<Attempt, 'status' | 'deadlineAt'>, now: Date): number | null {
  if (attempt.status !== 'in_progress' || attempt.deadlineAt === null) return null;
  return Math.max(0, Math.floor((attempt.deadlineAt.getTime() - now.getTime()) / 1000));
}

/**
 * When an attempt ended: an expired attempt ended at its deadline, whenever it was noticed
 * (a touch or the sweep), so its `submitted_at` does not depend on when the sweep ran.
 */
export function endedAt(attempt: Pick<Attempt, 'deadlineAt'>, status: 'submitted' | 'expired', now: Date): Date {
  return status === 'expired' && attempt.deadlineAt ? attempt.deadlineAt : now;
}
