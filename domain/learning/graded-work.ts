/**
 * Learners' results that deleting content would take with it (progress and submissions cascade
 * with their lesson, attempts with their quiz; enrolments and certificates with their course): such
 * content is not deleted. A course also keeps what was paid for it, or is awaiting payment (orders
 * name it in their lines, and a settling payment grants it).
 */
export interface GradedWork {
  progress: number;
  submissions: number;
  attempts: number;
  enrolments?: number;
  certificates?: number;
  paidOrders?: number;
  pendingOrders?: number;
}

/** What a content delete would take with it, as the error detail names it; null when nothing. */
export function describeGradedWork(counts: GradedWork): string | null {
  const parts = [
    counts.enrolments ? `${counts.enrolments} enrolment(s)` : null,
    counts.progress > 0 ? `${counts.progress} progress record(s)` : null,
    counts.submissions > 0 ? `${counts.submissions} assignment submission(s)` : null,
    counts.attempts > 0 ? `${counts.attempts} quiz attempt(s)` : null,
    counts.certificates ? `${counts.certificates} certificate(s)` : null,
    counts.paidOrders ? `${counts.paidOrders} paid order(s)` : null,
    counts.pendingOrders ? `${counts.pendingOrders} order(s) awaiting payment` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}
