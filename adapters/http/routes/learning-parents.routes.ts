import { z } from 'zod';
import type { Clock } from '../../../application/shared/ports.js';
import {
  acceptedParentInvitationView,
  assignmentView,
  learnerWithSummaryView,
  linkedStudentView,
  linkedStudentWithSummaryView,
  linkingCodeView,
  parentDashboardView,
  parentInvitationView,
  studentProgressView,
} from '../wire/learning.present.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom, edgeErrors } from '../kit/errors.js';
import { acknowledgement, email, pageQuery, pageView, toPageRequest, uuid } from '../kit/schemas.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/identity/password-policy.js';
import * as wire from '../wire/learning.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { linkPage, linkPageForm } from './route-helpers.js';
import { sendFormPage } from '../pages/form-page.js';
import { parentInvitationDonePage, parentInvitationFormPage, parentInvitationInvalidPage } from '../pages/parent-invitation.page.js';
import type { LearningRegistry } from '../../../application/learning/registry.js';

type Deps = Pick<
  LearningRegistry,
  | 'issueLinkingCode'
  | 'linkStudent'
  | 'unlinkStudent'
  | 'listLinkedStudents'
  | 'getLinkedStudent'
  | 'listLinkedStudentAssignments'
  | 'getParentDashboard'
  | 'inviteParent'
  | 'acceptParentInvitation'
> & {
  clock: Clock;
};

const StudentParam = z.object({ student_id: uuid });
const LinkBody = z.object({ linking_code: z.string().trim().min(1).max(32) });
const InviteBody = z.object({ email });
const AcceptBody = z.object({
  token: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200).optional().meta({ description: 'Needed only when no account has the invited address' }),
  password: z
    .string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .optional()
    .meta({ description: 'Needed only when no account has the invited address' }),
});
const InvitationPageQuery = z.strictObject({ token: z.string().trim().min(1).max(200) });
// A browser sends the form's empty fields as '': empty means not given.
const InvitationPageBody = z.object({
  token: z.string().trim().min(1).max(200),
  name: z.string().trim().max(200).optional().meta({ description: 'Empty when an account has the invited address' }),
  password: z.string().max(PASSWORD_MAX).optional().meta({ description: 'Empty when an account has the invited address' }),
});

/** Contract §5: Parent (10) and above, and only students linked to the caller; others 404. */
export const makeLearningParentRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['parents'];
    const access = Role.Parent;

    r.get(
      '/api/lms/student/linking-code',
      {
        operationId: 'issueLinkingCode',
        response: wire.LinkingCode,
        errors: errorsFrom(d.issueLinkingCode)(['INSUFFICIENT_PERMISSION']),
        summary: 'A fresh linking code for the calling student (8 characters, 24 hours, single use)',
        access: Role.Student,
        tags,
      },
      async ({ actor }) => {
        return linkingCodeView(unwrap(await d.issueLinkingCode(actor)));
      },
    );

    r.post(
      '/api/lms/student/parent-invitations',
      {
        operationId: 'inviteParent',
        summary: 'Invite a parent by email: a single-use link, valid 7 days (students only)',
        access: Role.Student,
        rateLimit: 'critical',
        body: InviteBody,
        tags,
        response: wire.ParentInvitation,
        errors: errorsFrom(d.inviteParent)([
          'INSUFFICIENT_PERMISSION',
          'PARENT_INVITATIONS_DISABLED',
          'CANNOT_INVITE_SELF',
          'TOO_MANY_INVITATIONS',
        ]),
        description:
          'The same answer whether or not the address has an account; an address of another member of the tenant (anyone ' +
          'but a Parent) gets no mail. At most 5 invitations per student and hour (429). Off (403) when the tenant ' +
          'setting `ParentInvitationsEnabled` is false.',
      },
      async ({ actor, meta, body }) => {
        return reply(parentInvitationView(unwrap(await d.inviteParent(actor, meta, body.email))), 'Invitation sent');
      },
    );

    r.post(
      '/api/lms/parent-invitations/accept',
      {
        operationId: 'acceptParentInvitation',
        summary: 'Accept a parent invitation: creates or upgrades a Parent account and links it to the student',
        access: 'public',
        rateLimit: 'critical',
        body: AcceptBody,
        tags,
        response: wire.AcceptedParentInvitation,
        errors: errorsFrom(d.acceptParentInvitation)([
          'INVALID_PARENT_INVITATION',
          'PARENT_INVITATIONS_DISABLED',
          'ACCOUNT_DETAILS_REQUIRED',
          'WEAK_PASSWORD',
        ]),
        description:
          'No tenant header needed: the invitation names its tenant. `name` and `password` make the account when the ' +
          'address has none; an existing account keeps its password and name, a Student becomes a Parent, a higher ' +
          'role keeps its role. A used, expired or unknown token: 400 `The invitation is invalid, expired or already used`.',
      },
      async ({ meta, body }) => {
        const accepted = unwrap(await d.acceptParentInvitation(meta, { token: body.token, name: body.name, password: body.password }));
        return reply(
          acceptedParentInvitationView(accepted),
          accepted.accountCreated ? 'Parent account created and linked' : 'Account linked',
        );
      },
    );

    // The pages the mailed link opens when the tenant has no front end: the token names the tenant.
    r.get(
      '/parent-invitation',
      {
        ...linkPage,
        operationId: 'getParentInvitationPage',
        summary: 'Parent invitation page (HTML) for PUBLIC_URL/parent-invitation?token= links',
        query: InvitationPageQuery,
        tags,
        description:
          'A form posting `token`, `name` and `password` (multipart/form-data) to `POST /parent-invitation`. The token is checked only when posted.',
      },
      async ({ query, ctx }) => sendFormPage(ctx, 200, parentInvitationFormPage(query.token)),
    );

    r.post(
      '/parent-invitation',
      {
        ...linkPageForm,
        operationId: 'submitParentInvitationPage',
        summary: "The invitation page's form: accepts the invitation, answers a result page (HTML)",
        tags,
        body: InvitationPageBody,
        errors: edgeErrors([{ status: 400, message: 'The invitation is invalid, expired or already used' }]),
        description:
          'Same rules as `POST /api/lms/parent-invitations/accept`; a refusal answers a 400 page (the form again when ' +
          'only the name or password is missing or too short).',
      },
      async ({ meta, body, ctx }) => {
        const done = await d.acceptParentInvitation(meta, {
          token: body.token,
          name: body.name || undefined,
          password: body.password || undefined,
        });
        if (done.ok) return sendFormPage(ctx, 200, parentInvitationDonePage(done.value.student.displayName, done.value.accountCreated));
        if (done.error === 'ACCOUNT_DETAILS_REQUIRED')
          return sendFormPage(
            ctx,
            400,
            parentInvitationFormPage(body.token, 'No account has this address yet: enter your name and a password.'),
          );
        if (done.error === 'WEAK_PASSWORD')
          return sendFormPage(
            ctx,
            400,
            parentInvitationFormPage(body.token, `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`),
          );
        return sendFormPage(ctx, 400, parentInvitationInvalidPage());
      },
    );

    r.post(
      '/api/lms/parent/link-student',
      {
        operationId: 'linkStudent',
        response: wire.LinkedStudent,
        errors: errorsFrom(d.linkStudent)(['INVALID_LINKING_CODE']),
        summary: 'Link a student by their linking code',
        access,
        rateLimit: 'critical',
        body: LinkBody,
        tags,
      },
      async ({ actor, meta, body }) => {
        const linked = unwrap(await d.linkStudent(actor, meta, body.linking_code));
        return reply(linkedStudentView(linked), 'Student linked');
      },
    );

    r.delete(
      '/api/lms/parent/students/:student_id',
      {
        operationId: 'unlinkStudent',
        response: acknowledgement,
        errors: errorsFrom(d.unlinkStudent)(['STUDENT_NOT_FOUND']),
        summary: 'Unlink a student',
        access,
        params: StudentParam,
        tags,
      },
      async ({ actor, meta, params }) => {
        unwrap(await d.unlinkStudent(actor, meta, params.student_id));
        return reply(null, 'Student unlinked');
      },
    );

    r.get(
      '/api/lms/parent/dashboard',
      {
        operationId: 'getParentDashboard',
        response: wire.ParentDashboard,
        errors: errorsFrom(d.getParentDashboard)([]),
        summary: "Each linked child's courses, progress and certificates",
        access,
        tags,
      },
      async ({ actor }) => {
        return parentDashboardView(await d.getParentDashboard(actor), d.clock.now());
      },
    );

    r.get(
      '/api/lms/parent/students',
      {
        operationId: 'listLinkedStudents',
        response: wire.LinkedStudentPage,
        errors: errorsFrom(d.listLinkedStudents)([]),
        summary: 'Linked students with a progress summary',
        access,
        query: pageQuery,
        tags,
      },
      async ({ actor, query }) => pageView(await d.listLinkedStudents(actor, toPageRequest(query)), linkedStudentWithSummaryView),
    );

    r.get(
      '/api/lms/parent/students/:student_id',
      {
        operationId: 'getLinkedStudent',
        response: wire.LearnerWithSummary,
        errors: errorsFrom(d.getLinkedStudent)(['STUDENT_NOT_FOUND']),
        summary: 'A linked student',
        access,
        params: StudentParam,
        tags,
      },
      async ({ actor, params }) => {
        return learnerWithSummaryView(unwrap(await d.getLinkedStudent(actor, params.student_id)));
      },
    );

    r.get(
      '/api/lms/parent/students/:student_id/progress',
      {
        operationId: 'getLinkedStudentProgress',
        response: wire.StudentProgress,
        errors: errorsFrom(d.getLinkedStudent)(['STUDENT_NOT_FOUND']),
        summary: "A linked student's courses and progress",
        access,
        params: StudentParam,
        tags,
      },
      async ({ actor, params }) => {
        return studentProgressView(unwrap(await d.getLinkedStudent(actor, params.student_id)), d.clock.now());
      },
    );

    r.get(
      '/api/lms/parent/students/:student_id/assignments',
      {
        operationId: 'listLinkedStudentAssignments',
        response: wire.StudentAssignmentPage,
        errors: errorsFrom(d.listLinkedStudentAssignments)(['STUDENT_NOT_FOUND']),
        summary: "A linked student's assignment submissions",
        access,
        params: StudentParam,
        query: pageQuery,
        tags,
      },
      async ({ actor, params, query }) =>
        pageView(unwrap(await d.listLinkedStudentAssignments(actor, params.student_id, toPageRequest(query))), assignmentView),
    );
  };
