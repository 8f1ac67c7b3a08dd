import { z } from 'zod';
import { EXPORT_FORMATS } from '../../../application/assessment/ports/question-import-parser.js';
import { bankImportView, bankQuestionView, questionCategoryView, randomSlotView } from '../wire/assessment.present.js';
import { MAX_CATEGORY_NAME, MAX_RANDOM_COUNT } from '../../../domain/assessment/question-bank.js';
import { MAX_POINTS } from '../../../domain/assessment/question.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { errorsFrom, unwrap } from '../kit/errors.js';
import { acknowledgement, idParam, pageQuery, pageView, toPageRequest, uuid } from '../kit/schemas.js';
import * as wire from '../wire/assessment.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { removeById, sendAttachment } from './route-helpers.js';
import { QuestionBody, toQuestionInput } from './assessment-schemas.js';
import { importFileErrors, importUpload, readImportFile } from './assessment-quiz-admin.routes.js';
import type { AssessmentRegistry } from '../../../application/assessment/registry.js';

type Deps = Pick<
  AssessmentRegistry,
  | 'createQuestionCategory'
  | 'listQuestionCategories'
  | 'updateQuestionCategory'
  | 'deleteQuestionCategory'
  | 'createBankQuestion'
  | 'listBankQuestions'
  | 'importBankQuestions'
  | 'addRandomSlot'
  | 'exportBankQuestions'
  | 'listRandomSlots'
  | 'deleteRandomSlot'
>;

const CategoryBody = z.object({ name: z.string().min(1).max(MAX_CATEGORY_NAME), parent_id: uuid.nullable().optional() });
const CategoryUpdate = CategoryBody.partial();
const RandomSlotBody = z.object({
  category_id: uuid,
  count: z.number().int().min(1).max(MAX_RANDOM_COUNT),
  include_subcategories: z.boolean().optional(),
  points: z.number().int().min(1).max(MAX_POINTS).optional(),
});
const ExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('moodle_xml'),
  include_subcategories: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** Issue 33 items 4 and 5: a course's question bank (categories and their questions) and quizzes' random slots. */
export const makeAssessmentQuestionBankRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['question bank'];

    r.post(
      '/api/lms/admin/courses/:id/question-categories',
      {
        operationId: 'createQuestionCategory',
        response: wire.QuestionCategory,
        errors: errorsFrom(d.createQuestionCategory)(['COURSE_NOT_FOUND', 'CATEGORY_NOT_FOUND', 'INVALID_CATEGORY']),
        summary: "Create a category in the course's question bank (under `parent_id`, or at the top)",
        access: Role.Admin,
        params: idParam,
        body: CategoryBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          questionCategoryView(
            unwrap(await d.createQuestionCategory(actor, meta, params.id, { name: body.name, parentId: body.parent_id })),
          ),
          'Category created',
        ),
    );

    r.get(
      '/api/lms/admin/courses/:id/question-categories',
      {
        operationId: 'listQuestionCategories',
        response: z.array(wire.QuestionCategory),
        errors: errorsFrom(d.listQuestionCategories)(['COURSE_NOT_FOUND']),
        summary:
          "The course's question categories (a small tree: `parent_id`), by name, with their question counts; its default category included",
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, params }) =>
        unwrap(await d.listQuestionCategories(actor, params.id)).map((c) => questionCategoryView(c.category, c.questionCount)),
    );

    r.put(
      '/api/lms/admin/question-categories/:id',
      {
        operationId: 'updateQuestionCategory',
        response: wire.QuestionCategory,
        errors: errorsFrom(d.updateQuestionCategory)(['CATEGORY_NOT_FOUND', 'INVALID_CATEGORY']),
        summary: 'Rename or move a category (`parent_id` null: to the top; never below itself)',
        access: Role.Admin,
        params: idParam,
        body: CategoryUpdate,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          questionCategoryView(
            unwrap(await d.updateQuestionCategory(actor, meta, params.id, { name: body.name, parentId: body.parent_id })),
          ),
          'Category updated',
        ),
    );

    r.delete(
      '/api/lms/admin/question-categories/:id',
      {
        operationId: 'deleteQuestionCategory',
        response: acknowledgement,
        errors: errorsFrom(d.deleteQuestionCategory)(['CATEGORY_NOT_FOUND', 'CATEGORY_IS_DEFAULT', 'CATEGORY_NOT_EMPTY']),
        summary: 'Delete an empty category (no questions, subcategories or random slots); never the default one',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      removeById(d.deleteQuestionCategory, 'Category deleted'),
    );

    r.post(
      '/api/lms/admin/question-categories/:id/questions',
      {
        operationId: 'createBankQuestion',
        response: wire.BankQuestion,
        errors: errorsFrom(d.createBankQuestion)(['CATEGORY_NOT_FOUND', 'INVALID_QUESTION']),
        summary: 'Add a question to the bank (the body of a quiz question); random slots draw it',
        access: Role.Admin,
        params: idParam,
        body: QuestionBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(bankQuestionView(unwrap(await d.createBankQuestion(actor, meta, params.id, toQuestionInput(body)))), 'Question created'),
    );

    r.get(
      '/api/lms/admin/question-categories/:id/questions',
      {
        operationId: 'listBankQuestions',
        response: wire.BankQuestionPage,
        errors: errorsFrom(d.listBankQuestions)(['CATEGORY_NOT_FOUND']),
        summary: 'The questions filed in the category (not its subcategories), oldest first',
        access: Role.Admin,
        params: idParam,
        query: pageQuery,
        tags,
      },
      async ({ actor, params, query }) =>
        pageView(unwrap(await d.listBankQuestions(actor, params.id, toPageRequest(query))), bankQuestionView),
    );

    r.post(
      '/api/lms/admin/question-categories/:id/import',
      {
        ...importUpload,
        summary:
          'Import questions into the category from a CSV, GIFT, Aiken or Moodle XML file (multipart `file`, optional ' +
          "`format`, as a quiz's import-csv; Moodle XML categories become subcategories); all or nothing",
        tags,
        operationId: 'importBankQuestions',
        response: wire.BankImport,
        errors: errorsFrom(d.importBankQuestions)(['CATEGORY_NOT_FOUND', 'INVALID_IMPORT'], importFileErrors),
      },
      async ({ actor, meta, params, query, body, file }) => {
        const { text, format } = await readImportFile(file, body.format ?? query.format);
        const imported = unwrap(await d.importBankQuestions(actor, meta, params.id, format, text));
        return reply(bankImportView(format, imported), `${imported.questions.length} questions imported`);
      },
    );

    r.get(
      '/api/lms/admin/question-categories/:id/export',
      {
        operationId: 'exportBankQuestions',
        errors: errorsFrom(d.exportBankQuestions)(['CATEGORY_NOT_FOUND', 'NOT_EXPORTABLE']),
        summary:
          "The category's questions (and its subcategories', unless `include_subcategories=false`) as a Moodle XML file, each in its `$course$/top/…` category",
        access: Role.Admin,
        params: idParam,
        query: ExportQuery,
        produces: 'application/xml',
        tags,
      },
      async ({ actor, params, query, ctx }) => {
        const file = unwrap(await d.exportBankQuestions(actor, params.id, query.format, query.include_subcategories));
        return sendAttachment(ctx, `question-category-${params.id}.${file.extension}`, file.contentType, file.text);
      },
    );

    r.post(
      '/api/lms/admin/quizzes/:id/random-slots',
      {
        operationId: 'addRandomSlot',
        response: wire.RandomSlot,
        errors: errorsFrom(d.addRandomSlot)(['QUIZ_NOT_FOUND', 'CATEGORY_NOT_FOUND', 'INVALID_CATEGORY']),
        summary:
          "Add a random slot after the quiz's questions: each attempt draws `count` distinct questions of the category (and its subcategories when asked)",
        access: Role.Admin,
        params: idParam,
        body: RandomSlotBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          randomSlotView(
            unwrap(
              await d.addRandomSlot(actor, meta, params.id, {
                categoryId: body.category_id,
                count: body.count,
                includeSubcategories: body.include_subcategories,
                points: body.points,
              }),
            ),
          ),
          'Random slot added',
        ),
    );

    r.get(
      '/api/lms/admin/quizzes/:id/random-slots',
      {
        operationId: 'listRandomSlots',
        response: z.array(wire.RandomSlot),
        errors: errorsFrom(d.listRandomSlots)(['QUIZ_NOT_FOUND']),
        summary: "The quiz's random slots, in the quiz's order",
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => unwrap(await d.listRandomSlots(actor, params.id)).map(randomSlotView),
    );

    r.delete(
      '/api/lms/admin/quiz-random-slots/:id',
      {
        operationId: 'deleteRandomSlot',
        response: acknowledgement,
        errors: errorsFrom(d.deleteRandomSlot)(['RANDOM_SLOT_NOT_FOUND']),
        summary: 'Remove a random slot (attempts already started keep what they drew)',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      removeById(d.deleteRandomSlot, 'Random slot deleted'),
    );
  };
