import type { ErrorTableOf } from '../kit/errors.js';
import type { AssessmentCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid } = sharedErrors<AssessmentCodes>();

export const assessmentErrors = {
  ...notFound(
    'QUIZ_NOT_FOUND',
    'QUESTION_NOT_FOUND',
    'ATTEMPT_NOT_FOUND',
    'SUBMISSION_NOT_FOUND',
    // my-assignment without a submission (contract §6).
    'ASSIGNMENT_NOT_FOUND',
  ),
  ...invalid('INVALID_QUESTION', 'FILTER_REQUIRED', 'QUESTION_NOT_IN_QUIZ', 'INVALID_ANSWER', 'INVALID_GRADE', 'NOT_MANUALLY_GRADED'),
  // The error detail counts the attempts; an unpublished quiz disappears for students and keeps them.
  QUIZ_IN_USE: { status: 400, message: 'The quiz has attempts: unpublish it instead' },
  QUIZ_HAS_NO_QUESTIONS: { status: 400, message: 'The quiz has no questions' },
  // Contract §6: the message of a start past max_attempts.
  MAX_ATTEMPTS_REACHED: { status: 400, message: 'Maximum attempts reached' },
  ATTEMPT_DEADLINE_PASSED: { status: 400, message: 'The time for this attempt is up' },
  ATTEMPT_NOT_IN_PROGRESS: { status: 400, message: 'The attempt has already been submitted' },
  // The error detail names the row (CSV) or question (GIFT, Aiken); nothing was imported.
  INVALID_IMPORT: { status: 400, message: 'Invalid import file' },
  // The error detail names the first question the target system would refuse; nothing is written.
  NOT_EXPORTABLE: { status: 400, message: 'The questions cannot be exported in this format' },
  ASSIGNMENT_ALREADY_GRADED: { status: 400, message: 'The assignment has been graded: it can no longer be resubmitted' },
  ATTEMPT_NOT_ENDED: { status: 400, message: 'The attempt is still in progress' },
  // Issue 33: the question bank. A category another tenant owns is as absent as one that never was.
  ...notFound('CATEGORY_NOT_FOUND', 'RANDOM_SLOT_NOT_FOUND'),
  ...invalid('INVALID_CATEGORY'),
  // The error detail counts what the category holds (contract §10: nothing that records hang on is deleted).
  CATEGORY_NOT_EMPTY: { status: 400, message: 'The category is not empty' },
  CATEGORY_IS_DEFAULT: { status: 400, message: "The course's default category cannot be deleted" },
  // The error detail names the slot, its category and how many questions it offers.
  RANDOM_SLOT_TOO_FEW_QUESTIONS: { status: 400, message: "A random slot's category has too few questions" },
} satisfies ErrorTableOf<AssessmentCodes>;
