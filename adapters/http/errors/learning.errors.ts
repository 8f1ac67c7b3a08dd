import type { ErrorTableOf } from '../kit/errors.js';
import type { LearningCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid, rateLimited } = sharedErrors<LearningCodes>();

export const learningErrors = {
  ...notFound(
    'COURSE_NOT_FOUND',
    'MODULE_NOT_FOUND',
    'LESSON_NOT_FOUND',
    'CERTIFICATE_NOT_FOUND',
    'TEMPLATE_NOT_FOUND',
    'STUDENT_NOT_FOUND',
    'RECORD_NOT_FOUND',
    'RESOURCE_NOT_FOUND',
  ),
  ...invalid('UNKNOWN_CATEGORY', 'INVALID_REORDER', 'UNKNOWN_REFERENCE', 'INVALID_RECORD'),
  ...rateLimited('TOO_MANY_INVITATIONS'),
  // Contract §5: gated content of a course the caller may see but is not enrolled in.
  NOT_ENROLLED: { status: 403, message: 'Not enrolled in this course' },
  COURSE_NOT_FREE: { status: 400, message: 'This course is not free: enrol by purchasing it' },
  COURSE_IN_USE: { status: 400, message: "The course holds learners' enrolments, results or payments: archive it instead" },
  // The error detail counts what holds it (progress, submissions, attempts).
  MODULE_IN_USE: { status: 400, message: "The module holds learners' progress, submissions or quiz attempts: it cannot be deleted" },
  LESSON_IN_USE: { status: 400, message: "The lesson has learners' progress or submissions: it cannot be deleted" },
  INVALID_LINKING_CODE: { status: 400, message: 'The linking code is invalid, expired or already used' },
  INVALID_PARENT_INVITATION: { status: 400, message: 'The invitation is invalid, expired or already used' },
  ACCOUNT_DETAILS_REQUIRED: { status: 400, message: 'A name and a password are needed to create the account' },
  CANNOT_INVITE_SELF: { status: 400, message: 'You cannot invite yourself' },
  // A feature the tenant switched off, as registration (identity's REGISTRATION_DISABLED).
  PARENT_INVITATIONS_DISABLED: { status: 403, message: 'Parent invitations have been disabled' },
  INVALID_IMAGE: { status: 400, message: 'The background must be a PNG or JPEG image' },
  DUPLICATE_RECORD: { status: 400, message: 'Record already exists' },
  PLAN_IN_USE: { status: 400, message: 'The subscription plan has subscribers: deactivate it instead' },
  CATEGORY_IN_USE: { status: 400, message: 'The category is in use by courses, prices or subscription plans' },
} satisfies ErrorTableOf<LearningCodes>;
