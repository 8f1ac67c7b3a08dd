/**
 * Learners' results that deleting content would take with it (progress and submissions cascade
 * with their lesson, attempts with their quiz): such content is not deleted.
 */
export interface GradedWork {
  progress: number;
  submissions: number;
  attempts: number;
}

/** What a content delete would take with it, as the error detail names it; null when nothing. */
export function describeGradedWork(counts: GradedWork): string | null {
  const parts = [
    counts.progress > 0 ? `${counts.progress} progress record(s)` : null,
    counts.submissions > 0 ? `${counts.submissions} assignment submission(s)` : null,
    counts.attempts > 0 ? `${counts.attempts} quiz attempt(s)` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}
