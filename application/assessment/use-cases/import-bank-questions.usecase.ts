import type { BankQuestion, QuestionCategory } from '../../../domain/assessment/question-bank.js';
import { ok } from '../../shared/result.js';
import type { ImportFormat } from '../ports/question-import-parser.js';
import { questionsFromDrafts } from '../question-input.js';
import { categoryFor, type BankDeps } from '../question-bank.js';
import { recordAudit } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * `POST /admin/question-categories/:id/import`: a CSV, GIFT, Aiken or Moodle XML file into the
 * category, as bank questions no quiz holds; all or nothing, as a quiz's import. A Moodle XML file's
 * categories (`$course$/top/A/B`) are recreated below the category imported into (it stands for the
 * file's top): existing subcategories of the same name are reused, missing ones created.
 */
export const makeImportBankQuestions =
  (
    d: Pick<BankDeps, 'questionBankRepository' | 'questionImportParser' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<
    [categoryId: string, format: ImportFormat, text: string],
    { questions: BankQuestion[]; categoriesCreated: QuestionCategory[] },
    'CATEGORY_NOT_FOUND' | 'INVALID_IMPORT'
  > =>
  async (actor, meta, categoryId, format, text) => {
    const found = await categoryFor(d, actor, categoryId);
    if (!found.ok) return found;
    const target = found.value;
    const parsed = d.questionImportParser.parseWithCategories(format, text);
    if (!parsed.ok) return parsed;
    const { drafts, categoryPaths: paths } = parsed.value;
    const now = d.clock.now();
    return d.uow.run(async () => {
      const created: QuestionCategory[] = [];
      const categoryOfPath = new Map<string, string>([['', categoryId]]);
      if (paths?.some((p) => p.length > 0)) {
        const tree = (await d.questionBankRepository.listCategories(actor.tenantId, target.courseId)).map((c) => c.category);
        for (const path of paths) {
          let parent = categoryId;
          for (let i = 0; i < path.length; i++) {
            const key = path.slice(0, i + 1).join('\u0000');
            let id = categoryOfPath.get(key) ?? tree.find((c) => c.parentId === parent && c.name === path[i])?.id;
            if (!id) {
              const category: QuestionCategory = {
                ...newRecord(d.ids, actor.tenantId, now),
                courseId: target.courseId,
                parentId: parent,
                name: path[i]!.slice(0, 255),
                isDefault: false,
              };
              await d.questionBankRepository.insertCategory(category);
              tree.push(category);
              created.push(category);
              id = category.id;
            }
            categoryOfPath.set(key, id);
            parent = id;
          }
        }
      }
      // Distinct creation times keep the file's order in the categories' oldest-first lists.
      const questions: BankQuestion[] = questionsFromDrafts(d.ids, actor.tenantId, '', drafts, 0, now).map((q, i) => ({
        ...q,
        quizId: null,
        categoryId: categoryOfPath.get((paths?.[i] ?? []).join('\u0000')) ?? categoryId,
        order: 0,
        createdAt: new Date(now.getTime() + i),
        updatedAt: now,
      }));
      await d.questionBankRepository.insertQuestions(questions);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'bank_question.import',
        resourceType: 'question_category',
        resourceId: categoryId,
        metadata: { format, count: questions.length, categories_created: created.length },
      });
      return ok({ questions, categoriesCreated: created });
    });
  };
