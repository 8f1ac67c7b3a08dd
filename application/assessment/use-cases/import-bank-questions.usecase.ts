import type { BankQuestion } from '../../../domain/assessment/question-bank.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { ImportFormat } from '../ports/question-import-parser.js';
import { questionsFromDrafts } from '../question-input.js';
import { categoryFor, type BankDeps } from '../question-bank.js';

/**
 * `POST /admin/question-categories/:id/import`: a CSV, GIFT, Aiken or Moodle XML file into the
 * category, as bank questions no quiz holds; all or nothing, as a quiz's import.
 */
export const makeImportBankQuestions = (d: Pick<BankDeps, 'questionBankRepository' | 'questionImportParser' | 'auditLog' | 'clock' | 'ids' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, categoryId: string, format: ImportFormat, text: string): Promise<Result<BankQuestion[], 'CATEGORY_NOT_FOUND' | 'INVALID_IMPORT'>> => {
    const category = await categoryFor(d, actor, categoryId);
    if (!category.ok) return category;
    const parsed = d.questionImportParser.parse(format, text);
    if (!parsed.ok) return parsed;
    const now = d.clock.now();
    // Distinct creation times keep the file's order in the category's oldest-first list.
    const questions: BankQuestion[] = questionsFromDrafts(d.ids, actor.tenantId, '', parsed.value, 0, now)
      .map((q, i) => ({ ...q, quizId: null, categoryId, order: 0, createdAt: new Date(now.getTime() + i), updatedAt: now }));
    await d.uow.run(async () => {
      await d.questionBankRepository.insertQuestions(questions);
      await d.auditLog.record({ tenantId: actor.tenantId, userId: actor.userId, action: 'bank_question.import', resourceType: 'question_category', resourceId: categoryId, ...meta, metadata: { format, count: questions.length } });
    });
    return ok(questions);
  };
