import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import { EXPORT_FORMATS, IMPORT_FORMATS, type ImportFormat } from '../../../application/assessment/ports/question-import-parser.js';
import { ATTEMPT_SELECTIONS, type ResultRow } from '../../../application/assessment/ports/quiz-results-reader.js';
import { analyticsView, questionAuthorView, questionVersionView, quizImportView, quizView } from '../wire/assessment.present.js';
import { displayMark } from '../../../domain/assessment/marks.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { DomainError, HttpError, unwrap, errorsFrom } from '../kit/errors.js';
import { acknowledgement, idParam, uuid } from '../kit/schemas.js';
import { isBadText } from '../kit/text.js';
import * as wire from '../wire/assessment.wire.js';
import { QuizResponseAnalysis } from '../wire/response-analysis.wire.js';
import { responseAnalysisView } from '../wire/response-analysis.present.js';
import type { RouteModule, UploadedFile } from '../kit/route-table.js';
import { actOnId, removeById, sendAttachment } from './route-helpers.js';
import { QuestionBody, QuestionUpdate, QuizBody, QuizUpdate, toQuestionInput, toQuizInput } from './assessment-schemas.js';
import type { AssessmentRegistry } from '../../../application/assessment/registry.js';

type Deps = Pick<
  AssessmentRegistry,
  | 'createQuiz'
  | 'updateQuiz'
  | 'deleteQuiz'
  | 'publishQuiz'
  | 'createQuestion'
  | 'updateQuestion'
  | 'listQuestionVersions'
  | 'deleteQuestion'
  | 'duplicateQuestion'
  | 'reorderQuestions'
  | 'importQuestions'
  | 'exportQuizResults'
  | 'getQuizAnalytics'
  | 'getResponseAnalysis'
  | 'exportQuestions'
>;

/** Question files are small text; 5 MB holds thousands of questions. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** An import of a question file, a quiz's or a category's: the multipart `file`, its `format` as a field or in the query. */
export const importUpload = {
  access: Role.Admin,
  rateLimit: 'upload',
  params: idParam,
  query: z.strictObject({ format: z.enum(IMPORT_FORMATS).optional() }),
  body: z.object({ format: z.enum(IMPORT_FORMATS).optional() }),
  bodyKind: { kind: 'multipart', maxFileBytes: IMPORT_MAX_BYTES },
} as const;
/** What `readImportFile` raises. */
export const importFileErrors = ['FILE_REQUIRED', { status: 400, message: 'Invalid import file', code: 'INVALID_IMPORT_FILE' }] as const;
const ReorderBody = z.object({ question_ids: z.array(uuid).min(1).max(2000) });
const ExportQuestionsQuery = z.strictObject({ format: z.enum(EXPORT_FORMATS).default('moodle_xml') });
const AnalyticsQuery = z.strictObject({ attempts: z.enum(ATTEMPT_SELECTIONS).default('all') });

/**
 * The uploaded question file of an import (a quiz's or a category's) as UTF-8 text, with its format:
 * FILE_REQUIRED without a file, 400 `Invalid import file` when it is not UTF-8 or holds NUL.
 */
export async function readImportFile(
  file: UploadedFile | null,
  explicit: ImportFormat | undefined,
): Promise<{ text: string; format: ImportFormat }> {
  if (!file) throw new DomainError('FILE_REQUIRED', 'file: required');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file.path));
  } catch {
    throw new HttpError(400, 'Invalid import file', 'file: not UTF-8 text', { code: 'INVALID_IMPORT_FILE' });
  }
  // UTF-8 holds no lone surrogate, but may hold NUL, which PostgreSQL cannot store.
  if (isBadText(text)) throw new HttpError(400, 'Invalid import file', 'file: contains a NUL character', { code: 'INVALID_IMPORT_FILE' });
  return { text, format: importFormatOf(explicit, file, text) };
}

/**
 * The format of an uploaded question file: the `format` field (or query), else the part's content
 * type (`text/csv`, `…gift…`, `…aiken…`, `…xml`), else its extension, else a look at the text: an
 * XML declaration or `<quiz>` (Moodle XML), a GIFT answer block `{…}` or an Aiken `ANSWER:` line;
 * CSV otherwise.
 */
export function importFormatOf(
  explicit: ImportFormat | undefined,
  file: Pick<UploadedFile, 'mimeType' | 'originalName'>,
  text: string,
): ImportFormat {
  if (explicit) return explicit;
  const type = file.mimeType.toLowerCase();
  if (type.includes('gift')) return 'gift';
  if (type.includes('aiken')) return 'aiken';
  if (type.includes('xml')) return 'moodle_xml';
  if (type.includes('csv') || type === 'application/vnd.ms-excel') return 'csv';
  const ext = extname(file.originalName).toLowerCase();
  if (ext === '.gift') return 'gift';
  if (ext === '.aiken') return 'aiken';
  if (ext === '.csv') return 'csv';
  if (ext === '.xml') return 'moodle_xml';
  if (/^\s*(<\?xml|<quiz[\s>])/i.test(text)) return 'moodle_xml';
  // Linear scans only: a `\s*` after a multiline `^` crosses lines, so on a file of line breaks it
  // would rescan the rest of the file from every line (minutes for 3 MB of `\r`), and `[^}]*` would
  // rescan from every `{` of a file without `}`.
  if (/^[ \t]*ANSWER[ \t]*:[ \t]*[A-Za-z][ \t]*$/im.test(text)) return 'aiken';
  if (/\{[^{}]*\}/.test(text) && !/^\s*question_type\s*,/i.test(text)) return 'gift';
  return 'csv';
}

/** Export column → result field, in file order. */
const RESULT_COLUMNS = {
  attempt_id: 'attemptId',
  user_id: 'userId',
  email: 'email',
  display_name: 'displayName',
  attempt_number: 'attemptNumber',
  status: 'status',
  started_at: 'startedAt',
  submitted_at: 'submittedAt',
  score: 'score',
  max_score: 'maxScore',
  percentage: 'percentage',
  passed: 'passed',
} as const satisfies Record<string, keyof ResultRow>;

/**
 * RFC 4180 with CRLF records. A lone `\n` or `\r` inside a cell is quoted too (csv-stringify stops
 * doing so once a record delimiter is set), text a spreadsheet would run as a formula gets a
 * leading `'`, and dates and booleans are written as ISO time and `true`/`false`, not its defaults.
 */
const resultsCsv = () =>
  stringify({
    header: true,
    columns: Object.entries(RESULT_COLUMNS).map(([header, key]) => ({ header, key })),
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { date: (d) => d.toISOString(), boolean: (b) => String(b) },
  });

/** Marks are stored to seven decimals; the file shows them as the API does. */
async function* displayedScores(rows: AsyncIterable<ResultRow>): AsyncGenerator<ResultRow> {
  for await (const r of rows) yield r.score === null ? r : { ...r, score: displayMark(r.score) };
}

export const makeAssessmentQuizAdminRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['quizzes (authoring)'];

    r.post(
      '/api/lms/admin/quizzes',
      {
        operationId: 'createQuiz',
        response: wire.Quiz,
        errors: errorsFrom(d.createQuiz)(['MODULE_NOT_FOUND']),
        summary: 'Create a quiz (a draft) in a module',
        access: Role.Admin,
        body: QuizBody,
        tags,
      },
      async ({ actor, meta, body }) =>
        reply(
          quizView(unwrap(await d.createQuiz(actor, meta, { ...toQuizInput(body), moduleId: body.module_id, title: body.title }))),
          'Quiz created',
        ),
    );

    r.put(
      '/api/lms/admin/quizzes/:id',
      {
        operationId: 'updateQuiz',
        response: wire.Quiz,
        errors: errorsFrom(d.updateQuiz)(['QUIZ_NOT_FOUND', 'MODULE_NOT_FOUND', 'QUIZ_HAS_NO_QUESTIONS', 'RANDOM_SLOT_TOO_FEW_QUESTIONS']),
        summary: 'Update a quiz (any subset of its fields; status publishes or returns to draft)',
        access: Role.Admin,
        params: idParam,
        body: QuizUpdate,
        tags,
      },
      async ({ actor, meta, params, body }) => {
        const updated = unwrap(await d.updateQuiz(actor, meta, params.id, toQuizInput(body)));
        return reply(quizView(updated.quiz, updated.stats), 'Quiz updated');
      },
    );

    r.delete(
      '/api/lms/admin/quizzes/:id',
      {
        operationId: 'deleteQuiz',
        response: acknowledgement,
        errors: errorsFrom(d.deleteQuiz)(['QUIZ_NOT_FOUND', 'QUIZ_IN_USE']),
        summary: 'Delete a quiz without attempts, with its questions',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      removeById(d.deleteQuiz, 'Quiz deleted'),
    );

    r.post(
      '/api/lms/admin/quizzes/:id/publish',
      {
        operationId: 'publishQuiz',
        response: wire.Quiz,
        errors: errorsFrom(d.publishQuiz)(['QUIZ_NOT_FOUND', 'QUIZ_HAS_NO_QUESTIONS', 'RANDOM_SLOT_TOO_FEW_QUESTIONS']),
        summary: "Publish a quiz (it needs questions; each random slot's category enough of them)",
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, meta, params }) => {
        const published = unwrap(await d.publishQuiz(actor, meta, params.id));
        return reply(quizView(published.quiz, published.stats), 'Quiz published');
      },
    );

    r.post(
      '/api/lms/admin/quizzes/:id/questions',
      {
        operationId: 'createQuestion',
        response: wire.AuthorQuestion,
        errors: errorsFrom(d.createQuestion)(['QUIZ_NOT_FOUND', 'INVALID_QUESTION']),
        summary:
          'Add a question (multiple_choice, multiple_answer, true_false, short_answer, numerical, matching, essay, ordering) or a description item',
        access: Role.Admin,
        params: idParam,
        body: QuestionBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(questionAuthorView(unwrap(await d.createQuestion(actor, meta, params.id, toQuestionInput(body)))), 'Question created'),
    );

    r.put(
      '/api/lms/admin/quizzes/:id/questions/reorder',
      {
        operationId: 'reorderQuestions',
        response: z.array(wire.AuthorQuestion),
        errors: errorsFrom(d.reorderQuestions)(['QUIZ_NOT_FOUND', 'INVALID_REORDER']),
        summary: "Reorder the questions (exactly the quiz's questions)",
        access: Role.Admin,
        params: idParam,
        body: ReorderBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(unwrap(await d.reorderQuestions(actor, meta, params.id, body.question_ids)).map(questionAuthorView), 'Questions reordered'),
    );

    r.put(
      '/api/lms/admin/quiz-questions/:id',
      {
        operationId: 'updateQuestion',
        response: wire.AuthorQuestion,
        errors: errorsFrom(d.updateQuestion)(['QUESTION_NOT_FOUND', 'INVALID_QUESTION']),
        summary: 'Update a question (any subset; options may keep their id)',
        access: Role.Admin,
        params: idParam,
        body: QuestionUpdate,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          questionAuthorView(unwrap(await d.updateQuestion(actor, meta, params.id, { ...toQuestionInput(body), order: body.order }))),
          'Question updated',
        ),
    );

    r.get(
      '/api/lms/admin/quiz-questions/:id/versions',
      {
        operationId: 'listQuestionVersions',
        response: z.array(wire.QuestionVersion),
        errors: errorsFrom(d.listQuestionVersions)(['QUESTION_NOT_FOUND']),
        summary: "A question's versions, newest first: the current one and each one replaced by an edit after attempts saw it",
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, params }) =>
        reply(unwrap(await d.listQuestionVersions(actor, params.id)).map(questionVersionView), 'Question versions'),
    );

    r.delete(
      '/api/lms/admin/quiz-questions/:id',
      {
        operationId: 'deleteQuestion',
        response: acknowledgement,
        errors: errorsFrom(d.deleteQuestion)(['QUESTION_NOT_FOUND']),
        summary: 'Delete a question',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      removeById(d.deleteQuestion, 'Question deleted'),
    );

    r.post(
      '/api/lms/admin/quiz-questions/:id/duplicate',
      {
        operationId: 'duplicateQuestion',
        response: wire.AuthorQuestion,
        errors: errorsFrom(d.duplicateQuestion)(['QUESTION_NOT_FOUND', 'QUESTION_NOT_IN_QUIZ']),
        summary: 'Duplicate a question right after itself',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      actOnId(d.duplicateQuestion, questionAuthorView, 'Question duplicated'),
    );

    r.post(
      '/api/lms/admin/quizzes/:id/import-csv',
      {
        ...importUpload,
        summary: 'Import questions from a CSV, GIFT, Aiken or Moodle XML file (multipart `file`, optional `format`); all or nothing',
        tags,
        operationId: 'importQuestions',
        response: wire.QuizImport,
        errors: errorsFrom(d.importQuestions)(['QUIZ_NOT_FOUND', 'INVALID_IMPORT'], importFileErrors),
      },
      async ({ actor, meta, params, query, body, file }) => {
        const { text, format } = await readImportFile(file, body.format ?? query.format);
        const questions = unwrap(await d.importQuestions(actor, meta, params.id, format, text));
        return reply(quizImportView(format, questions), `${questions.length} questions imported`);
      },
    );

    r.get(
      '/api/lms/admin/quizzes/:id/export-results',
      {
        operationId: 'exportQuizResults',
        producesSchema: z.string().meta({
          description:
            'CSV: attempt_id,user_id,email,display_name,attempt_number,status,started_at,submitted_at,score,max_score,percentage,passed',
        }),
        errors: errorsFrom(d.exportQuizResults)(['QUIZ_NOT_FOUND']),
        summary: 'Results as CSV, one row per attempt (streamed)',
        access: Role.Admin,
        params: idParam,
        produces: 'text/csv',
        tags,
      },
      async ({ actor, params, ctx }) => {
        const { rows } = unwrap(await d.exportQuizResults(actor, params.id));
        // pipeline, not pipe: a failing read or a client gone away tears down both ends and the cursor.
        const csv = pipeline(Readable.from(displayedScores(rows)), resultsCsv(), () => {});
        return sendAttachment(ctx, `quiz-${params.id}-results.csv`, 'text/csv; charset=utf-8', csv);
      },
    );

    r.get(
      '/api/lms/admin/quizzes/:id/analytics',
      {
        operationId: 'getQuizStatistics',
        response: wire.QuizStatistics,
        errors: errorsFrom(d.getQuizAnalytics)(['QUIZ_NOT_FOUND']),
        summary: "Moodle's statistics report of a quiz over ?attempts=all|first|last|highest",
        access: Role.Admin,
        params: idParam,
        query: AnalyticsQuery,
        tags,
      },
      async ({ actor, params, query }) => {
        const { analytics, questions, randomSlots } = unwrap(await d.getQuizAnalytics(actor, params.id, query.attempts));
        return analyticsView(analytics, questions, query.attempts, randomSlots);
      },
    );

    r.get(
      '/api/lms/admin/quizzes/:id/response-analysis',
      {
        operationId: 'getQuizResponseAnalysis',
        response: QuizResponseAnalysis,
        errors: errorsFrom(d.getResponseAnalysis)(['QUIZ_NOT_FOUND']),
        summary: "Moodle's analysis of responses: per question and subpart, each model response and the responses given in it",
        access: Role.Admin,
        params: idParam,
        query: AnalyticsQuery,
        tags,
      },
      async ({ actor, params, query }) =>
        responseAnalysisView(unwrap(await d.getResponseAnalysis(actor, params.id, query.attempts)), query.attempts),
    );

    r.get(
      '/api/lms/admin/quizzes/:id/export-questions',
      {
        operationId: 'exportQuizQuestions',
        errors: errorsFrom(d.exportQuestions)(['QUIZ_NOT_FOUND', 'NOT_EXPORTABLE']),
        summary: "The quiz's questions as a Moodle XML file (imports back to the same questions)",
        access: Role.Admin,
        params: idParam,
        query: ExportQuestionsQuery,
        produces: 'application/xml',
        tags,
      },
      async ({ actor, params, query, ctx }) => {
        const file = unwrap(await d.exportQuestions(actor, params.id, query.format));
        return sendAttachment(ctx, `quiz-${params.id}-questions.${file.extension}`, file.contentType, file.text);
      },
    );
  };
