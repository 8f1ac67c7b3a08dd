import { z } from 'zod';
import { QUIZ_STATUSES } from '../../../domain/assessment/quiz.js';
import { ATTEMPT_STATUSES } from '../../../domain/assessment/attempt.js';
import { SUBMISSION_STATUSES } from '../../../domain/assessment/assignment.js';
import { IMPORT_FORMATS } from '../../../application/assessment/ports/question-import-parser.js';
import { ORDERING_GRADINGS, QUESTION_TYPES } from '../../../domain/assessment/question.js';
import { ATTEMPT_SELECTIONS } from '../../../application/assessment/ports/quiz-results-reader.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';

/* Wire shapes of the assessment context (see learning.wire.ts for the conventions). */

const figure = z.number().nullable();

export const QuestionStatistics = z
  .object({
    question_id: id,
    order: z.number().int(),
    question_type: z.enum(QUESTION_TYPES),
    question_text: z.string(),
    max_mark: z.number(),
    attempts: z.number().int(),
    correct: z.number().int().meta({ description: 'Attempts with full marks' }),
    mean_mark: figure,
    facility_index: figure.meta({ description: 'Mean mark / max mark (0–1)' }),
    standard_deviation: figure.meta({ description: 'SD of the marks / max mark (0–1)' }),
    random_guess_score: figure.meta({
      description: "Moodle's random guess score (0–1); 0 for ordering; null for multiple_answer and essay",
    }),
    intended_weight: figure.meta({ description: "100 × points / the quiz's points" }),
    effective_weight: figure.meta({ description: "Moodle's effective weight (%)" }),
    discrimination_index: figure.meta({ description: '100 × correlation of the marks with the rest of the quiz' }),
    discriminative_efficiency: figure.meta({ description: '100 × cov(mark, rest) / its maximum' }),
  })
  .meta({ id: 'QuestionStatistics' });

const itemFigures = {
  max_mark: z.number(),
  attempts: z.number().int(),
  correct: z.number().int(),
  mean_mark: figure,
  facility_index: figure,
  standard_deviation: figure,
  random_guess_score: figure,
  intended_weight: figure,
  effective_weight: figure,
  discrimination_index: figure,
  discriminative_efficiency: figure,
};

export const RandomSlotStatistics = z
  .object({
    slot_id: id,
    position: z.number().int().meta({ description: "1 … the slot's count" }),
    order: z.number().int(),
    category_id: id,
    ...itemFigures,
  })
  .meta({ id: 'RandomSlotStatistics' });

export const DrawnQuestionStatistics = z
  .object({
    question_id: id,
    category_id: id.nullable(),
    question_type: z.enum(QUESTION_TYPES).nullable(),
    question_text: z.string().nullable(),
    ...itemFigures,
    intended_weight: figure.meta({ description: 'null: weights belong to the slot' }),
    effective_weight: figure.meta({ description: 'null: weights belong to the slot' }),
  })
  .meta({ id: 'DrawnQuestionStatistics' });

export const QuizStatistics = z
  .object({
    attempts_counted: z.enum(ATTEMPT_SELECTIONS),
    attempts: z.number().int(),
    mean: figure,
    median: figure,
    std_dev: figure,
    skewness: figure,
    kurtosis: figure,
    pass_rate: figure,
    histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
    cronbach_alpha: figure.meta({ description: "Moodle's coefficient of internal consistency, as a fraction" }),
    error_ratio: figure,
    standard_error: figure,
    questions: z.array(QuestionStatistics),
    random_slots: z.array(RandomSlotStatistics).optional().meta({
      description:
        "Quizzes with random slots: one item per slot position (Moodle's random slot), whichever question each attempt drew there",
    }),
    drawn_questions: z.array(DrawnQuestionStatistics).optional().meta({
      description: "Quizzes with random slots: each drawn question over the attempts that drew it (Moodle's sub-question statistics)",
    }),
  })
  .meta({ id: 'QuizStatistics' });

/** The student an essay or a submission is of, as a marker sees them; null once the account is gone. */
const studentRef = z.object({ id, display_name: z.string(), email: z.string() }).nullable();

export const EssayToGrade = z
  .object({
    attempt_id: id,
    quiz_id: id,
    quiz_title: z.string().nullable(),
    course_id: id.nullable(),
    question_id: id,
    question_text: z.string().nullable(),
    answer: z.array(z.string()).nullable(),
    max_points: z.number(),
    points_awarded: z.number().nullable(),
    feedback: z.string().nullable(),
    graded_by: id.nullable(),
    graded_at: timestamp.nullable(),
    submitted_at: timestamp.nullable(),
    student: studentRef,
  })
  .meta({ id: 'EssayToGrade' });

export const EssayToGradePage = pageOf(EssayToGrade).meta({ id: 'EssayToGradePage' });

const questionType = z.string().meta({
  examples: ['multiple_choice'],
  description: 'multiple_choice, multiple_answer, true_false, short_answer, numerical, matching, essay, ordering, description',
});
const answer = z.array(z.string()).nullable().meta({
  description:
    'Option ids (ordering: every item id, in the chosen order), or `[text]` for short_answer; null when unanswered (always for a description)',
});

export const Quiz = z
  .object({
    id,
    module_id: id,
    course_id: id,
    title: z.string(),
    description: z.string().nullable(),
    duration_minutes: z.number().int().meta({ description: '0: no time limit' }),
    passing_score: z.number().meta({ description: 'Percentage of max_score' }),
    max_attempts: z.number().int().meta({ description: '0: unlimited' }),
    show_correct_answers: z.boolean(),
    shuffle_questions: z.boolean(),
    status: z.enum(QUIZ_STATUSES),
    is_published: z.boolean(),
    published_at: timestamp.nullable(),
    question_count: z.number().int(),
    max_score: z.number(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Quiz' });

export const MyAttempts = z
  .object({
    attempts_used: z.number().int(),
    attempts_left: z.number().int().nullable().meta({ description: 'null: unlimited' }),
    best_percentage: z.number().nullable(),
    passed: z.boolean(),
    in_progress_attempt_id: id.nullable(),
  })
  .meta({ id: 'MyQuizAttempts' });

export const QuizListItem = Quiz.extend({ my_attempts: MyAttempts }).meta({ id: 'QuizListItem' });
export const QuizPage = pageOf(QuizListItem).meta({ id: 'QuizPage' });

const studentOption = z.object({ id, option_text: z.string() });
const authorOption = studentOption.extend({
  is_correct: z.boolean(),
  weight: z.number().optional().meta({ description: 'Share of the points (partial credit)' }),
  moodle_grade: z
    .boolean()
    .optional()
    .meta({ description: "Authoring: whether the weight is one of Moodle's grades (else the Moodle XML export is refused)" }),
  tolerance: z.number().optional().meta({ description: 'numerical: accepted error' }),
  match: z.string().optional().meta({ description: 'matching: the choice this stem pairs with' }),
  match_id: id.nullable().optional(),
});
const choice = z.object({ id, choice_text: z.string() });

/** Authoring view (Mentors and above): correct options included. */
export const AuthorQuestion = z
  .object({
    id,
    quiz_id: id.nullable().meta({ description: 'null: a question of the bank that no quiz holds (issue 33)' }),
    question_type: questionType,
    question_text: z.string(),
    points: z.number(),
    order: z.number().int(),
    version: z
      .number()
      .int()
      .min(1)
      .meta({ description: 'Issue 33: 1, then one more for each edit after attempts have seen the question' }),
    options: z.array(authorOption),
    ordering_grading: z
      .enum(ORDERING_GRADINGS)
      .optional()
      .meta({ description: "ordering only: how it is graded (qtype_ordering's grading types, docs/assessment.md)" }),
  })
  .meta({ id: 'AuthorQuestion' });

/** One version of a question (`GET /admin/quiz-questions/:id/versions`), as attempts that saw it saw it. */
export const QuestionVersion = AuthorQuestion.extend({
  replaced_at: timestamp.nullable().meta({ description: 'When an edit replaced it; null: the current version' }),
}).meta({ id: 'QuestionVersion' });

/** What a student sees before grading: never `is_correct`; no options for short_answer. */
export const StudentQuestion = z
  .object({
    id,
    question_type: questionType,
    question_text: z.string(),
    points: z.number(),
    order: z.number().int(),
    options: z.array(studentOption).meta({ description: 'matching: its stems' }),
    choices: z
      .array(choice)
      .optional()
      .meta({ description: 'matching: what to pair the stems with; the answer is ["<option id>:<choice id>", …]' }),
  })
  .meta({ id: 'StudentQuestion' });

/** Issue 33 item 5: each attempt draws `count` distinct questions of the category at its start. */
export const RandomSlot = z
  .object({
    id,
    quiz_id: id,
    type: z.literal('random'),
    category_id: id,
    include_subcategories: z.boolean(),
    count: z.number().int(),
    points: z.number().int().meta({ description: 'What each drawn question is worth in the attempt' }),
    order: z.number().int(),
    created_at: timestamp,
  })
  .meta({ id: 'RandomSlot' });

export const QuizDetail = Quiz.extend({
  my_attempts: MyAttempts,
  questions: z
    .array(z.union([AuthorQuestion, StudentQuestion]))
    .meta({ description: 'In order; the authoring view for Mentors and above' }),
  random_slots: z
    .array(RandomSlot)
    .optional()
    .meta({ description: "Admins only: the quiz's random slots, as GET /api/lms/admin/quizzes/{id}/random-slots lists them" }),
}).meta({ id: 'QuizDetail' });

export const Attempt = z
  .object({
    id,
    quiz_id: id,
    user_id: id,
    attempt_number: z.number().int(),
    status: z.enum(ATTEMPT_STATUSES),
    started_at: timestamp,
    deadline_at: timestamp.nullable(),
    submitted_at: timestamp.nullable(),
    score: z.number().nullable(),
    max_score: z.number().nullable(),
    percentage: z.number().nullable(),
    passed: z.boolean().nullable(),
    time_remaining_seconds: z.number().int().nullable().meta({ description: 'null without a time limit or once graded' }),
  })
  .meta({ id: 'Attempt' });
export const AttemptPage = pageOf(Attempt).meta({ id: 'AttemptPage' });

/** A question of an attempt: the saved answer; once graded the points; correctness only when revealed. */
export const AttemptQuestion = StudentQuestion.extend({
  options: z.array(z.union([authorOption, studentOption])),
  answer,
  points_awarded: z
    .number()
    .nullable()
    .optional()
    .meta({ description: 'Once graded; null while an essay waits for its mark, and for a description (no mark)' }),
  max_points: z.number().optional().meta({ description: 'Once graded' }),
  is_correct: z.boolean().optional().meta({ description: 'Once graded, when the quiz shows correct answers (or for Mentors and above)' }),
  needs_grading: z.boolean().optional().meta({ description: 'Once submitted: an essay waiting for its mark' }),
  feedback: z.string().nullable().optional().meta({ description: "Once graded: the marker's feedback" }),
}).meta({ id: 'AttemptQuestion' });

export const StartedAttempt = z
  .object({
    attempt: Attempt,
    questions: z.array(AttemptQuestion),
    resumed: z.boolean().meta({ description: 'True when an attempt in progress was answered' }),
  })
  .meta({ id: 'StartedAttempt' });

export const SavedAnswer = z
  .object({
    attempt_id: id,
    question_id: id,
    answer,
    answered_at: timestamp.nullable().meta({ description: 'null when the answer was cleared' }),
  })
  .meta({ id: 'SavedAnswer' });

const quizRef = z.object({ id, title: z.string(), passing_score: z.number(), show_correct_answers: z.boolean() }).nullable();
export const AttemptReview = z.object({ attempt: Attempt, quiz: quizRef, questions: z.array(AttemptQuestion) });
export const AttemptDetail = AttemptReview.extend({ time_remaining_seconds: z.number().int().nullable() }).meta({ id: 'AttemptDetail' });
export const SubmittedAttempt = AttemptReview.extend({
  course_completed: z.boolean(),
  certificate_issued: z.boolean().meta({ description: 'True when this submission completed the course and issued its certificate' }),
}).meta({ id: 'SubmittedAttempt' });

export const QuizImport = z
  .object({ format: z.enum(IMPORT_FORMATS), imported: z.number().int(), max_score_added: z.number(), questions: z.array(AuthorQuestion) })
  .meta({ id: 'QuizImport' });

export const Submission = z
  .object({
    id,
    lesson_id: id,
    course_id: id,
    user_id: id,
    file_url: z.string(),
    notes: z.string().nullable(),
    status: z.enum(SUBMISSION_STATUSES),
    revision: z.number().int(),
    score: z.number().nullable(),
    feedback: z.string().nullable(),
    submitted_at: timestamp,
    graded_at: timestamp.nullable(),
    graded_by: id.nullable(),
  })
  .meta({ id: 'AssignmentSubmission' });

export const SubmissionListItem = Submission.extend({
  student: studentRef,
  lesson_title: z.string().nullable(),
  course_title: z.string().nullable(),
}).meta({ id: 'AssignmentSubmissionListItem' });
export const SubmissionPage = pageOf(SubmissionListItem).meta({ id: 'AssignmentSubmissionPage' });

const counts = { total: z.number().int(), pending: z.number().int(), graded: z.number().int(), average_score: z.number().nullable() };
export const AssignmentSummary = z
  .object({
    course_id: id,
    scope: z.enum(['all', 'mine']),
    ...counts,
    lessons: z.array(z.object({ lesson_id: id, lesson_title: z.string().nullable(), ...counts })),
  })
  .meta({ id: 'AssignmentSummary' });

/** Issue 33 item 4: a category of a course's question bank (`parent_id` gives the tree). */
export const QuestionCategory = z
  .object({
    id,
    course_id: id,
    parent_id: id.nullable(),
    name: z.string(),
    is_default: z.boolean().meta({ description: "The course's default category: questions written straight into its quizzes live here" }),
    question_count: z.number().int().optional().meta({ description: 'Questions filed directly in it (lists only)' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'QuestionCategory' });

/** A bank question: a quiz question's authoring view, with its category; `quiz_id` null when no quiz holds it. */
export const BankQuestion = AuthorQuestion.extend({ quiz_id: id.nullable(), category_id: id }).meta({ id: 'BankQuestion' });
export const BankQuestionPage = pageOf(BankQuestion).meta({ id: 'BankQuestionPage' });

export const BankImport = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    imported: z.number().int(),
    categories_created: z
      .array(QuestionCategory)
      .meta({ description: 'Moodle XML: the subcategories its `$course$/top/…` paths created below the category' }),
    questions: z.array(BankQuestion),
  })
  .meta({ id: 'BankImport' });

/** The dashboard overview's `assessment` section (assessment-dashboard.ts), one shape per role. */
export const AssessmentSection = z
  .union([
    z
      .object({ quizzes_in_progress: z.number().int(), assignments_pending_grade: z.number().int(), assignments_graded: z.number().int() })
      .meta({ title: 'Student' }),
    z
      .object({
        grading_queue: z.number().int().meta({ description: 'Submissions waiting for a grade' }),
        attempts_today: z.number().int().optional(),
        quizzes_published: z.number().int().optional(),
      })
      .meta({ title: 'Staff', description: 'Mentors: the grading queue; admins also `attempts_today` and `quizzes_published`' }),
  ])
  .meta({ id: 'AssessmentSection' });
