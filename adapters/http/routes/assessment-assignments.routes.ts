import { z } from 'zod';
import { assignmentSummaryView, submissionListView, submissionView } from '../wire/assessment.present.js';
import type { SubmissionStatus } from '../../../domain/assessment/assignment.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { idParam, pageQuery, pageView, text, toPageRequest, uuid } from '../kit/schemas.js';
import * as wire from '../wire/assessment.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { mediaUrl } from './learning-schemas.js';
import type { AssessmentRegistry } from '../../../application/assessment/registry.js';

type Deps = Pick<
  AssessmentRegistry,
  'submitAssignment' | 'listLessonAssignments' | 'getMyAssignment' | 'gradeAssignment' | 'getAssignmentSummary' | 'listGradingQueue'
>;

const SubmitBody = z.object({ file_url: mediaUrl, notes: text(10_000).nullable().optional() });
const GradeBody = z.object({ score: z.number(), feedback: text(10_000).nullable().optional() });
/** `pending` is the contract's word for submitted-but-not-graded. */
const statusFilter = z.enum(['pending', 'submitted', 'graded', 'all']);
const toStatus = (s: z.infer<typeof statusFilter> | undefined): SubmissionStatus | undefined =>
  s === 'pending' || s === 'submitted' ? 'submitted' : s === 'graded' ? 'graded' : undefined;
const LessonListQuery = pageQuery.extend({ status: statusFilter.optional() });
const QueueQuery = pageQuery.extend({ status: statusFilter.default('pending'), course_id: uuid.optional(), lesson_id: uuid.optional() });

export const makeAssessmentAssignmentRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['assignments'];

    r.post(
      '/api/lms/lessons/:id/assignments',
      {
        operationId: 'submitAssignment',
        response: wire.Submission,
        errors: errorsFrom(d.submitAssignment)(['LESSON_NOT_FOUND', 'NOT_ENROLLED', 'ASSIGNMENT_ALREADY_GRADED']),
        summary: "Submit (or resubmit, until graded) the caller's assignment on a lesson",
        access: Role.Student,
        params: idParam,
        body: SubmitBody,
        tags,
      },
      async ({ actor, params, body }) => {
        const s = unwrap(await d.submitAssignment(actor, params.id, { fileUrl: body.file_url, notes: body.notes ?? null }));
        return reply(submissionView(s.submission), s.resubmitted ? 'Assignment resubmitted' : 'Assignment submitted');
      },
    );

    r.get(
      '/api/lms/lessons/:id/assignments',
      {
        operationId: 'listLessonAssignments',
        response: wire.SubmissionPage,
        errors: errorsFrom(d.listLessonAssignments)(['LESSON_NOT_FOUND', 'NOT_ENROLLED']),
        summary: 'Submissions of a lesson (Mentors and above: all; students: their own)',
        access: Role.Student,
        params: idParam,
        query: LessonListQuery,
        tags,
      },
      async ({ actor, params, query }) =>
        pageView(
          unwrap(await d.listLessonAssignments(actor, params.id, { status: toStatus(query.status) }, toPageRequest(query))),
          submissionListView,
        ),
    );

    r.get(
      '/api/lms/lessons/:id/my-assignment',
      {
        operationId: 'getMyAssignment',
        response: wire.Submission,
        errors: errorsFrom(d.getMyAssignment)(['ASSIGNMENT_NOT_FOUND', 'LESSON_NOT_FOUND', 'NOT_ENROLLED']),
        summary: "The caller's latest submission on a lesson (404 when none)",
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => submissionView(unwrap(await d.getMyAssignment(actor, params.id))),
    );

    r.post(
      '/api/lms/assignments/:id/grade',
      {
        operationId: 'gradeAssignment',
        response: wire.Submission,
        errors: errorsFrom(d.gradeAssignment)(['SUBMISSION_NOT_FOUND', 'INVALID_GRADE', 'INSUFFICIENT_PERMISSION']),
        summary: "Grade a submission 0–100 (Mentor and above, only of a lower role: never one's own); mails the student",
        access: Role.Mentor,
        params: idParam,
        body: GradeBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          submissionView(unwrap(await d.gradeAssignment(actor, meta, params.id, { score: body.score, feedback: body.feedback ?? null }))),
          'Assignment graded',
        ),
    );

    r.get(
      '/api/lms/courses/:id/assignment-summary',
      {
        operationId: 'getAssignmentSummary',
        response: wire.AssignmentSummary,
        errors: errorsFrom(d.getAssignmentSummary)(['COURSE_NOT_FOUND', 'NOT_ENROLLED']),
        summary: 'Assignments of a course per lesson (Mentors and above: everyone; students: their own)',
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => assignmentSummaryView(unwrap(await d.getAssignmentSummary(actor, params.id))),
    );

    r.get(
      '/api/lms/mentor/assignments',
      {
        operationId: 'listGradingQueue',
        response: wire.SubmissionPage,
        errors: errorsFrom(d.listGradingQueue)([]),
        summary: 'Grading queue (Mentor and above): pending submissions oldest first; ?status=graded|all newest first',
        access: Role.Mentor,
        query: QueueQuery,
        tags,
      },
      async ({ actor, query }) =>
        pageView(
          await d.listGradingQueue(
            actor,
            { status: toStatus(query.status), courseId: query.course_id, lessonId: query.lesson_id },
            toPageRequest(query),
          ),
          submissionListView,
        ),
    );
  };
