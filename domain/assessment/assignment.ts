import { err, ok, type Result } from './result.js';
import type { TenantRecord } from '../shared/record.js';

export const SUBMISSION_STATUSES = ['submitted', 'graded'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * A student's assignment on a lesson (contract §6): one per student and lesson, resubmitted in
 * place (`revision` + 1) until a mentor grades it; after that it is closed to the student.
 */
export interface Submission extends TenantRecord {
  lessonId: string;
  courseId: string;
  userId: string;
  fileUrl: string;
  notes: string | null;
  status: SubmissionStatus;
  revision: number;
  score: number | null;
  feedback: string | null;
  gradedBy: string | null;
  submittedAt: Date;
  gradedAt: Date | null;
}

export const MIN_GRADE = 0;
export const MAX_GRADE = 100;

/** A grade is 0–100 with at most two decimals (stored as such). */
export function checkGrade(score: number): Result<number, string> {
  if (!Number.isFinite(score) || score < MIN_GRADE || score > MAX_GRADE) return err(`score must be from ${MIN_GRADE} to ${MAX_GRADE}`);
  return ok(Math.round(score * 100) / 100);
}

/** Grading (or re-grading: a mentor may correct a grade) records who, when, score and feedback. */
export function graded(s: Submission, score: number, feedback: string | null, graderId: string, now: Date): Submission {
  return { ...s, status: 'graded', score, feedback, gradedBy: graderId, gradedAt: now, updatedAt: now };
}
