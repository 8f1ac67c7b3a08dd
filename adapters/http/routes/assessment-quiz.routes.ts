import { isStaff } from '../../../application/assessment/quiz-access.js';
import {
  attemptDetailView,
  attemptView,
  markingItemView,
  quizDetailView,
  quizListItemView,
  savedAnswerView,
  startedAttemptView,
  submittedAttemptView,
} from '../wire/assessment.present.js';
import type { Clock } from '../../../application/shared/ports.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { idParam, pageQuery, pageView, toPageRequest, uuid } from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import { AnswerBody, GradeAnswerBody, SubmitBody } from './assessment-schemas.js';
import { z } from 'zod';
import * as wire from '../wire/assessment.wire.js';
import type { AssessmentRegistry } from '../../../application/assessment/registry.js';

type Deps = Pick<
  AssessmentRegistry,
  | 'listQuizzes'
  | 'getQuiz'
  | 'startAttempt'
  | 'saveAnswer'
  | 'submitAttempt'
  | 'getAttempt'
  | 'listAttempts'
  | 'gradeQuizAnswer'
  | 'listQuizEssays'
> & {
  clock: Clock;
};

const QuizListQuery = pageQuery.extend({ module_id: uuid.optional(), course_id: uuid.optional() });
const AttemptListQuery = pageQuery.extend({ user_id: uuid.optional() });
const EssayQueueQuery = pageQuery.extend({
  status: z.enum(['pending', 'graded', 'all']).default('pending'),
  quiz_id: uuid.optional(),
  course_id: uuid.optional(),
});

export const makeAssessmentQuizRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['quizzes'];

    r.get(
      '/api/lms/quizzes',
      {
        operationId: 'listQuizzes',
        response: wire.QuizPage,
        errors: errorsFrom(d.listQuizzes)(['MODULE_NOT_FOUND', 'COURSE_NOT_FOUND', 'NOT_ENROLLED', 'FILTER_REQUIRED']),
        summary: "Quizzes of a module (or course), newest first, with the caller's attempts",
        access: Role.Student,
        query: QuizListQuery,
        tags,
      },
      async ({ actor, query }) => {
        const l = unwrap(await d.listQuizzes(actor, { moduleId: query.module_id, courseId: query.course_id }, toPageRequest(query)));
        return pageView(l.page, (q) => quizListItemView(q, l.stats.get(q.id), l.mine.get(q.id)));
      },
    );

    r.get(
      '/api/lms/quizzes/:id',
      {
        operationId: 'getQuiz',
        response: wire.QuizDetail,
        errors: errorsFrom(d.getQuiz)(['QUIZ_NOT_FOUND', 'NOT_ENROLLED']),
        summary: 'A quiz with its questions in order (is_correct for Mentors and above only)',
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        return quizDetailView(unwrap(await d.getQuiz(actor, params.id)), isStaff(actor), actor.role >= Role.Admin);
      },
    );

    r.post(
      '/api/lms/quizzes/:id/start',
      {
        operationId: 'startQuizAttempt',
        response: wire.StartedAttempt,
        errors: errorsFrom(d.startAttempt)([
          'QUIZ_NOT_FOUND',
          'NOT_ENROLLED',
          'QUIZ_HAS_NO_QUESTIONS',
          'MAX_ATTEMPTS_REACHED',
          'RANDOM_SLOT_TOO_FEW_QUESTIONS',
        ]),
        summary: 'Start an attempt, or resume the one in progress',
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        const s = unwrap(await d.startAttempt(actor, params.id));
        return reply(startedAttemptView(s, d.clock.now()), s.resumed ? 'Attempt resumed' : 'Attempt started');
      },
    );

    r.get(
      '/api/lms/quizzes/:id/attempts',
      {
        operationId: 'listQuizAttempts',
        response: wire.AttemptPage,
        errors: errorsFrom(d.listAttempts)(['QUIZ_NOT_FOUND', 'NOT_ENROLLED']),
        summary: "Attempts at a quiz: the caller's (Mentors and above: everyone's, or ?user_id=)",
        access: Role.Student,
        params: idParam,
        query: AttemptListQuery,
        tags,
      },
      async ({ actor, params, query }) => {
        const now = d.clock.now();
        return pageView(unwrap(await d.listAttempts(actor, params.id, { userId: query.user_id }, toPageRequest(query))), (a) =>
          attemptView(a, now),
        );
      },
    );

    r.post(
      '/api/lms/quiz-attempts/:id/answers',
      {
        operationId: 'saveQuizAnswer',
        response: wire.SavedAnswer,
        errors: errorsFrom(d.saveAnswer)([
          'ATTEMPT_NOT_FOUND',
          'QUESTION_NOT_IN_QUIZ',
          'INVALID_ANSWER',
          'ATTEMPT_NOT_IN_PROGRESS',
          'ATTEMPT_DEADLINE_PASSED',
        ]),
        summary: "Save the answer to one question of the caller's attempt (replaces a previous one)",
        access: Role.Student,
        // The hottest write of a quiz: the login is read with the attempt (issue 32).
        login: 'statement',
        params: idParam,
        body: AnswerBody,
        tags,
      },
      async ({ claim, params, body }) => {
        const saved = unwrap(await d.saveAnswer(claim, params.id, { questionId: body.question_id, answer: body.answer }));
        return reply(savedAnswerView(saved), 'Answer saved');
      },
    );

    r.post(
      '/api/lms/quiz-attempts/:id/submit',
      {
        operationId: 'submitQuizAttempt',
        response: wire.SubmittedAttempt,
        errors: errorsFrom(d.submitAttempt)(['ATTEMPT_NOT_FOUND', 'QUESTION_NOT_IN_QUIZ', 'INVALID_ANSWER', 'ATTEMPT_DEADLINE_PASSED']),
        summary: "Submit (and grade) the caller's attempt, optionally with its last answers",
        access: Role.Student,
        params: idParam,
        body: SubmitBody,
        tags,
      },
      async ({ actor, params, body }) => {
        const answers = (body.answers ?? []).map((a) => ({ questionId: a.question_id, answer: a.answer }));
        const s = unwrap(await d.submitAttempt(actor, params.id, answers));
        return reply(
          submittedAttemptView(s, d.clock.now()),
          s.attempt.status === 'expired' ? 'Attempt expired and graded' : 'Attempt submitted',
        );
      },
    );

    r.get(
      '/api/lms/quiz-attempts/:id',
      {
        operationId: 'getQuizAttempt',
        response: wire.AttemptDetail,
        errors: errorsFrom(d.getAttempt)(['ATTEMPT_NOT_FOUND']),
        summary: 'An attempt with its questions (after grading: the review)',
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        const rv = unwrap(await d.getAttempt(actor, params.id));
        return attemptDetailView(rv, d.clock.now());
      },
    );

    r.post(
      '/api/lms/quiz-attempts/:id/grade',
      {
        operationId: 'gradeQuizAnswer',
        response: wire.SubmittedAttempt,
        errors: errorsFrom(d.gradeQuizAnswer)([
          'ATTEMPT_NOT_FOUND',
          'QUESTION_NOT_IN_QUIZ',
          'NOT_MANUALLY_GRADED',
          'ATTEMPT_NOT_ENDED',
          'INSUFFICIENT_PERMISSION',
          'INVALID_GRADE',
        ]),
        summary: "Mark an essay of an ended attempt (Mentor and above; not one's own, lower roles only); mails the student",
        access: Role.Mentor,
        params: idParam,
        body: GradeAnswerBody,
        tags,
      },
      async ({ actor, meta, params, body }) => {
        const g = unwrap(
          await d.gradeQuizAnswer(actor, meta, params.id, {
            questionId: body.question_id,
            points: body.points,
            feedback: body.feedback ?? null,
          }),
        );
        return reply(submittedAttemptView(g, d.clock.now()), 'Answer graded');
      },
    );

    r.get(
      '/api/lms/mentor/quiz-essays',
      {
        operationId: 'listQuizEssaysToGrade',
        response: wire.EssayToGradePage,
        errors: errorsFrom(d.listQuizEssays)([]),
        summary: 'Grading queue of quiz essays (Mentor and above): waiting for a mark, oldest first; ?status=graded|all',
        access: Role.Mentor,
        query: EssayQueueQuery,
        tags,
      },
      async ({ actor, query }) =>
        pageView(
          await d.listQuizEssays(actor, { status: query.status, quizId: query.quiz_id, courseId: query.course_id }, toPageRequest(query)),
          markingItemView,
        ),
    );
  };
