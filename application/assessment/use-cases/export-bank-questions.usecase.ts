import { subtreeIds, type QuestionCategory } from '../../../domain/assessment/question-bank.js';
import type { Actor } from '../../shared/actor.js';
import type { Result } from '../../shared/result.js';
import type { ExportFile, ExportFormat } from '../ports/question-import-parser.js';
import { categoryFor, type BankDeps } from '../question-bank.js';

/**
 * `GET /admin/question-categories/:id/export?format=moodle_xml`: the category's questions (and its
 * subcategories' when asked) as a Moodle XML file, each in its category path starting with the
 * category's own name; importing the file into a category recreates that tree below it.
 */
export const makeExportBankQuestions =
  (d: Pick<BankDeps, 'questionBankRepository' | 'questionExportWriter'>) =>
  async (
    actor: Actor,
    categoryId: string,
    format: ExportFormat,
    includeSubcategories: boolean,
  ): Promise<Result<ExportFile, 'CATEGORY_NOT_FOUND' | 'NOT_EXPORTABLE'>> => {
    const found = await categoryFor(d, actor, categoryId);
    if (!found.ok) return found;
    const root = found.value;
    let categories: QuestionCategory[] = [root];
    if (includeSubcategories) {
      const tree = (await d.questionBankRepository.listCategories(actor.tenantId, root.courseId)).map((c) => c.category);
      const byId = new Map(tree.map((c) => [c.id, c]));
      categories = subtreeIds(tree, root.id).map((id) => byId.get(id)!);
    }
    const byId = new Map(categories.map((c) => [c.id, c]));
    const pathOf = (c: QuestionCategory): string[] =>
      c.id === root.id || !c.parentId || !byId.has(c.parentId) ? [c.name] : [...pathOf(byId.get(c.parentId)!), c.name];
    const questions = await d.questionBankRepository.allQuestions(
      actor.tenantId,
      categories.map((c) => c.id),
    );
    const groups = categories
      .map((c) => ({
        path: pathOf(c),
        questions: questions.filter((q) => q.categoryId === c.id).map(({ categoryId: _c, ...q }) => ({ ...q, quizId: q.quizId ?? '' })),
      }))
      .filter((g) => g.questions.length > 0);
    return d.questionExportWriter.writeCategories(format, groups);
  };
