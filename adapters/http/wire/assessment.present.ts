import type { Quiz } from '../../../domain/assessment/quiz.js';
import {
  matchingChoices,
  matchingStems,
  maxScoreOf,
  orderingGradingOf,
  type Question,
  type QuestionOption,
} from '../../../domain/assessment/question.js';
import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import { secondsLeft } from '../../../domain/assessment/deadline.js';
import { displayMark } from '../../../domain/assessment/marks.js';
import { moodleGradeOf } from '../../../domain/assessment/moodle-grades.js';
import { shownItemOrder } from '../../../domain/assessment/shuffle.js';
import type { QuestionAnalytics, QuizAnalytics } from '../../../domain/assessment/analytics.js';
import type { RandomSlotStatistics } from '../../../application/assessment/use-cases/get-quiz-analytics.usecase.js';
import type { Submission } from '../../../domain/assessment/assignment.js';
import type { BankQuestion, QuestionCategory, RandomSlot } from '../../../domain/assessment/question-bank.js';
import type { AttemptSummary, MarkingItem } from '../../../application/assessment/ports/attempt-repository.js';
import type { AttemptSelection } from '../../../application/assessment/ports/quiz-results-reader.js';
import type { QuizQuestionStats } from '../../../application/assessment/ports/quiz-repository.js';
import type { LessonAssignmentSummary, SubmissionView } from '../../../application/assessment/ports/submission-repository.js';
import type { AttemptReview } from '../../../application/assessment/attempt-review.js';
import type { StartedAttempt } from '../../../application/assessment/use-cases/start-attempt.usecase.js';
import type { QuizDetail } from '../../../application/assessment/use-cases/get-quiz.usecase.js';
import type { AssignmentSummary } from '../../../application/assessment/use-cases/get-assignment-summary.usecase.js';
import type { ImportFormat } from '../../../application/assessment/ports/question-import-parser.js';
import type { CompletionOutcome } from '../../../application/learning/index.js';
import type { AssessmentSection } from '../../../application/assessment/assessment-dashboard.js';
import type { z } from 'zod';
import type * as wire from './assessment.wire.js';

/** Wire shapes (snake_case) of the assessment context. */

export const quizView = (q: Quiz, stats?: QuizQuestionStats): z.input<typeof wire.Quiz> => ({
  id: q.id,
  module_id: q.moduleId,
  course_id: q.courseId,
  title: q.title,
  description: q.description,
  duration_minutes: q.durationMinutes,
  passing_score: q.passingScore,
  max_attempts: q.maxAttempts,
  show_correct_answers: q.showCorrectAnswers,
  shuffle_questions: q.shuffleQuestions,
  status: q.status,
  is_published: q.status === 'published',
  published_at: q.publishedAt,
  question_count: stats?.count ?? 0,
  max_score: stats?.maxScore ?? 0,
  created_at: q.createdAt,
  updated_at: q.updatedAt,
});

export const attemptSummaryView = (s: AttemptSummary | undefined, maxAttempts: number): z.input<typeof wire.MyAttempts> => ({
  attempts_used: s?.attempts ?? 0,
  attempts_left: maxAttempts === 0 ? null : Math.max(0, maxAttempts - (s?.attempts ?? 0)),
  best_percentage: s?.bestPercentage ?? null,
  passed: s?.passed ?? false,
  in_progress_attempt_id: s?.inProgressId ?? null,
});

/** An option with what its type uses: weight (weighted questions), tolerance (numerical), match (matching). */
const optionAuthorView = (o: QuestionOption) => ({
  id: o.id,
  option_text: o.text,
  is_correct: o.isCorrect,
  ...(o.weight !== null && o.weight !== undefined ? { weight: o.weight } : {}),
  ...(o.tolerance !== null && o.tolerance !== undefined ? { tolerance: o.tolerance } : {}),
  ...(o.match !== null && o.match !== undefined ? { match: o.match, match_id: o.matchId ?? null } : {}),
});

/**
 * Authoring view (Mentors and above): correct options, weights, tolerances and matches included. A
 * weight says whether it is one of Moodle's grades: authors learn before exporting that Moodle
 * would refuse it.
 */
export const questionAuthorView = (q: Question): z.input<typeof wire.AuthorQuestion> => ({
  id: q.id,
  quiz_id: q.quizId,
  question_type: q.type,
  question_text: q.text,
  points: q.points,
  order: q.order,
  version: q.version ?? 1,
  options: q.options.map((o) => ({
    ...optionAuthorView(o),
    ...(o.weight !== null && o.weight !== undefined ? { moodle_grade: moodleGradeOf(o.weight) !== undefined } : {}),
  })),
  ...(q.type === 'ordering' ? { ordering_grading: orderingGradingOf(q) } : {}),
});

/** Types whose options are the answers themselves: students never see them (contract §6). */
const HIDDEN_OPTIONS = new Set<Question['type']>(['short_answer', 'numerical', 'essay', 'description']);

/** The options a student is shown: matching's stems; ordering's items shuffled (`seed`: the attempt's). */
const shownOptions = (q: Question, seed: number | null): readonly QuestionOption[] => {
  if (HIDDEN_OPTIONS.has(q.type)) return [];
  if (q.type === 'matching') return matchingStems(q);
  if (q.type === 'ordering') return shownItemOrder(q.id, q.options, seed);
  return q.options;
};

/**
 * What a student may see of a question before grading (contract §6): never `is_correct`, and no
 * options for short_answer and numerical (they are its accepted answers) nor essay. A matching
 * question shows its stems as options and the choices to pair them with, sorted by text so their
 * order gives no pair away; the answer is `["<option id>:<choice id>", …]`. An ordering question
 * shows its items shuffled per attempt (by text outside one), the answer is their ids in order; a
 * description shows its text only.
 */
export const questionStudentView = (q: Question, seed: number | null = null): z.input<typeof wire.StudentQuestion> => ({
  id: q.id,
  question_type: q.type,
  question_text: q.text,
  points: q.points,
  order: q.order,
  options: shownOptions(q, seed).map((o) => ({ id: o.id, option_text: o.text })),
  ...(q.type === 'matching'
    ? {
        choices: matchingChoices(q)
          .sort((a, b) => a.text.localeCompare(b.text) || (a.id < b.id ? -1 : 1))
          .map((c) => ({ id: c.id, choice_text: c.text })),
      }
    : {}),
});

export const attemptView = (a: Attempt, now: Date): z.input<typeof wire.Attempt> => ({
  id: a.id,
  quiz_id: a.quizId,
  user_id: a.userId,
  attempt_number: a.attemptNumber,
  status: a.status,
  started_at: a.startedAt,
  deadline_at: a.deadlineAt,
  submitted_at: a.submittedAt,
  // Marks are stored with Moodle's seven decimals; people see two.
  score: a.score === null ? null : displayMark(a.score),
  max_score: a.maxScore,
  percentage: a.percentage,
  passed: a.passed,
  time_remaining_seconds: secondsLeft(a, now),
});

/**
 * The questions of an attempt in its order. In progress: the student view and the saved answer.
 * Graded (review, contract §6): also points awarded and the question's maximum; correctness and
 * the correct options only when `reveal` (the quiz shows correct answers, or a Mentor reviews).
 */
export function attemptQuestionsView(
  questions: readonly Question[],
  answers: readonly AttemptAnswer[],
  attempt: Attempt,
  reveal: boolean,
): z.input<typeof wire.AttemptQuestion>[] {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const graded = attempt.status !== 'in_progress';
  return questions.map((q) => {
    const a = byQuestion.get(q.id);
    const base = { ...questionStudentView(q, attempt.seed), answer: a?.answer ?? null };
    if (!graded) return base;
    // A description has no mark: nothing to award, nothing to reveal.
    if (q.type === 'description') return { ...base, points_awarded: null, max_points: 0, needs_grading: false, feedback: null };
    // An essay waiting for its mark shows null points; a mentor's feedback is the student's to read.
    const review = {
      ...base,
      points_awarded: a ? (a.pointsAwarded === null ? null : displayMark(a.pointsAwarded)) : 0,
      max_points: a?.maxPoints ?? q.points,
      needs_grading: a !== undefined && a.pointsAwarded === null,
      feedback: a?.feedback ?? null,
    };
    if (!reveal) return review;
    return { ...review, is_correct: a?.isCorrect ?? false, options: q.options.map(optionAuthorView) };
  });
}

/** A question's (or a slot position's) figures, as the statistics report shows them. */
const figuresView = (s: QuestionAnalytics | null | undefined) => ({
  attempts: s?.attempts ?? 0,
  correct: s?.correct ?? 0,
  mean_mark: s?.meanMark ?? null,
  facility_index: s?.facilityIndex ?? null,
  standard_deviation: s?.standardDeviation ?? null,
  random_guess_score: s?.randomGuessScore ?? null,
  intended_weight: s?.intendedWeight ?? null,
  effective_weight: s?.effectiveWeight ?? null,
  discrimination_index: s?.discriminationIndex ?? null,
  discriminative_efficiency: s?.discriminativeEfficiency ?? null,
});

/** Random slots' part of the report (issue 33): per slot position, and per drawn question. */
const randomSlotsView = (r: RandomSlotStatistics): Pick<z.input<typeof wire.QuizStatistics>, 'random_slots' | 'drawn_questions'> => ({
  random_slots: r.positions.map((p) => ({
    slot_id: p.slot.id,
    position: p.position,
    order: p.slot.order,
    category_id: p.slot.categoryId,
    max_mark: p.stats?.maxMark ?? p.slot.points,
    ...figuresView(p.stats),
  })),
  drawn_questions: r.drawn.map((x) => ({
    question_id: x.stats.questionId,
    category_id: x.question?.categoryId ?? null,
    question_type: x.question?.type ?? null,
    question_text: x.question?.text ?? null,
    max_mark: x.stats.maxMark,
    ...figuresView(x.stats),
  })),
});

export const analyticsView = (
  a: QuizAnalytics,
  questions: readonly Question[],
  selection: AttemptSelection,
  randomSlots?: RandomSlotStatistics,
): z.input<typeof wire.QuizStatistics> => {
  const byId = new Map(a.questions.map((q) => [q.questionId, q]));
  return {
    attempts_counted: selection,
    attempts: a.attempts,
    mean: a.mean,
    median: a.median,
    std_dev: a.stdDev,
    skewness: a.skewness,
    kurtosis: a.kurtosis,
    pass_rate: a.passRate,
    histogram: a.histogram,
    cronbach_alpha: a.cronbachAlpha,
    error_ratio: a.errorRatio,
    standard_error: a.standardError,
    questions: questions.map((q) => {
      const s = byId.get(q.id);
      return {
        question_id: q.id,
        order: q.order,
        question_type: q.type,
        question_text: q.text,
        max_mark: s?.maxMark ?? q.points,
        ...figuresView(s),
      };
    }),
    ...(randomSlots ? randomSlotsView(randomSlots) : {}),
  };
};

/** `my-assignment` and list items (contract §6). */
export const submissionView = (s: Submission): z.input<typeof wire.Submission> => ({
  id: s.id,
  lesson_id: s.lessonId,
  course_id: s.courseId,
  user_id: s.userId,
  file_url: s.fileUrl,
  notes: s.notes,
  status: s.status,
  revision: s.revision,
  score: s.score,
  feedback: s.feedback,
  submitted_at: s.submittedAt,
  graded_at: s.gradedAt,
  graded_by: s.gradedBy,
});

const studentRefView = (s: SubmissionView['student']): z.input<typeof wire.SubmissionListItem>['student'] =>
  s && { id: s.id, display_name: s.displayName, email: s.email };

export const submissionListView = (s: SubmissionView): z.input<typeof wire.SubmissionListItem> => ({
  ...submissionView(s),
  student: studentRefView(s.student),
  lesson_title: s.lessonTitle,
  course_title: s.courseTitle,
});

export const lessonSummaryView = (l: LessonAssignmentSummary): z.input<typeof wire.AssignmentSummary>['lessons'][number] => ({
  lesson_id: l.lessonId,
  lesson_title: l.lessonTitle,
  total: l.total,
  pending: l.pending,
  graded: l.graded,
  average_score: l.averageScore,
});

/** An essay in the grading queue. */
export const markingItemView = (m: MarkingItem): z.input<typeof wire.EssayToGrade> => ({
  attempt_id: m.attemptId,
  quiz_id: m.quizId,
  quiz_title: m.quizTitle,
  course_id: m.courseId,
  question_id: m.questionId,
  question_text: m.questionText,
  answer: m.answer,
  max_points: m.maxPoints,
  points_awarded: m.pointsAwarded === null ? null : displayMark(m.pointsAwarded),
  feedback: m.feedback,
  graded_by: m.gradedBy,
  graded_at: m.gradedAt,
  submitted_at: m.submittedAt,
  student: studentRefView(m.student),
});

export const questionCategoryView = (c: QuestionCategory, questionCount?: number): z.input<typeof wire.QuestionCategory> => ({
  id: c.id,
  course_id: c.courseId,
  parent_id: c.parentId,
  name: c.name,
  is_default: c.isDefault,
  ...(questionCount === undefined ? {} : { question_count: questionCount }),
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/** A bank question as a quiz question's authoring view, with its category (`quiz_id` null: in no quiz). */
export const bankQuestionView = (q: BankQuestion): z.input<typeof wire.BankQuestion> => ({
  ...questionAuthorView({ ...q, quizId: '' }),
  quiz_id: q.quizId,
  category_id: q.categoryId,
});

export const randomSlotView = (s: RandomSlot): z.input<typeof wire.RandomSlot> => ({
  id: s.id,
  quiz_id: s.quizId,
  type: 'random' as const,
  category_id: s.categoryId,
  include_subcategories: s.includeSubcategories,
  count: s.count,
  points: s.points,
  order: s.order,
  created_at: s.createdAt,
});

/** A list item: the quiz with the caller's attempts at it. */
export const quizListItemView = (
  q: Quiz,
  stats: QuizQuestionStats | undefined,
  mine: AttemptSummary | undefined,
): z.input<typeof wire.QuizListItem> => ({
  ...quizView(q, stats),
  my_attempts: attemptSummaryView(mine, q.maxAttempts),
});

/** A quiz with its questions in order: the authoring view for Mentors and above (`staff`). */
/** `staff`: the authoring view of the questions (Mentors and above); `admin`: the random slots too. */
export const quizDetailView = (detail: QuizDetail, staff: boolean, admin: boolean): z.input<typeof wire.QuizDetail> => ({
  ...quizView(detail.quiz, detail.stats),
  my_attempts: attemptSummaryView(detail.mine, detail.quiz.maxAttempts),
  questions: detail.questions.map((q) => (staff ? questionAuthorView(q) : questionStudentView(q))),
  ...(admin ? { random_slots: detail.slots.map(randomSlotView) } : {}),
});

export const startedAttemptView = (s: StartedAttempt, now: Date): z.input<typeof wire.StartedAttempt> => ({
  attempt: attemptView(s.attempt, now),
  questions: attemptQuestionsView(s.questions, s.answers, s.attempt, false),
  resumed: s.resumed,
});

export const savedAnswerView = (a: AttemptAnswer): z.input<typeof wire.SavedAnswer> => ({
  attempt_id: a.attemptId,
  question_id: a.questionId,
  answer: a.answer,
  answered_at: a.answeredAt,
});

/** An attempt with its questions (review once graded, contract §6). */
export const attemptReviewView = (rv: AttemptReview, now: Date): z.input<typeof wire.AttemptReview> => ({
  attempt: attemptView(rv.attempt, now),
  quiz: rv.quiz
    ? { id: rv.quiz.id, title: rv.quiz.title, passing_score: rv.quiz.passingScore, show_correct_answers: rv.quiz.showCorrectAnswers }
    : null,
  questions: attemptQuestionsView(rv.questions, rv.answers, rv.attempt, rv.reveal),
});

export const attemptDetailView = (rv: AttemptReview, now: Date): z.input<typeof wire.AttemptDetail> => ({
  ...attemptReviewView(rv, now),
  time_remaining_seconds: secondsLeft(rv.attempt, now),
});

/** A submitted (or marked) attempt's review, and whether it completed the course. */
export const submittedAttemptView = (
  rv: AttemptReview & { completion: CompletionOutcome | null },
  now: Date,
): z.input<typeof wire.SubmittedAttempt> => ({
  ...attemptReviewView(rv, now),
  course_completed: rv.completion?.completed ?? false,
  certificate_issued: rv.completion?.issued ?? false,
});

export const questionVersionView = (v: {
  version: number;
  question: Question;
  replacedAt: Date | null;
}): z.input<typeof wire.QuestionVersion> => ({
  ...questionAuthorView({ ...v.question, version: v.version }),
  replaced_at: v.replacedAt,
});

export const quizImportView = (format: ImportFormat, questions: readonly Question[]): z.input<typeof wire.QuizImport> => ({
  format,
  imported: questions.length,
  max_score_added: maxScoreOf(questions),
  questions: questions.map(questionAuthorView),
});

export const bankImportView = (
  format: ImportFormat,
  i: { questions: readonly BankQuestion[]; categoriesCreated: readonly QuestionCategory[] },
): z.input<typeof wire.BankImport> => ({
  format,
  imported: i.questions.length,
  categories_created: i.categoriesCreated.map((c) => questionCategoryView(c)),
  questions: i.questions.map(bankQuestionView),
});

/** The course's totals are the lessons' sums; its mean grade weighs each lesson's by its graded count. */
export const assignmentSummaryView = (s: AssignmentSummary): z.input<typeof wire.AssignmentSummary> => {
  const total = s.lessons.reduce((n, l) => n + l.total, 0);
  const graded = s.lessons.reduce((n, l) => n + l.graded, 0);
  const scoreSum = s.lessons.reduce((n, l) => n + (l.averageScore ?? 0) * l.graded, 0);
  return {
    course_id: s.courseId,
    scope: s.scope,
    total,
    pending: total - graded,
    graded,
    average_score: graded ? Math.round((scoreSum / graded) * 100) / 100 : null,
    lessons: s.lessons.map(lessonSummaryView),
  };
};

/** The submission inside the `assignment.graded` webhook event (docs/webhooks.md): no file or notes. */
export const gradedSubmissionEvent = (s: Submission) => ({
  id: s.id,
  lesson_id: s.lessonId,
  course_id: s.courseId,
  user_id: s.userId,
  score: s.score,
  feedback: s.feedback,
  graded_by: s.gradedBy,
  submitted_at: s.submittedAt,
  graded_at: s.gradedAt,
});

/** The `assessment` section of the dashboard overview, shaped by the caller's role. */
export const assessmentSectionView = (s: AssessmentSection): z.input<typeof wire.AssessmentSection> => {
  switch (s.kind) {
    case 'mentor':
      return { grading_queue: s.gradingQueue };
    case 'admin':
      return { grading_queue: s.gradingQueue, attempts_today: s.attemptsToday, quizzes_published: s.quizzesPublished };
    case 'student':
      return {
        quizzes_in_progress: s.quizzesInProgress,
        assignments_pending_grade: s.assignmentsPendingGrade,
        assignments_graded: s.assignmentsGraded,
      };
  }
};
