import type { Question } from '../../../domain/assessment/question.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { ImportFormat } from '../ports/question-import-parser.js';
import { questionsFromDrafts } from '../question-input.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * Imports a CSV, GIFT or Aiken file of questions, appended after the quiz's last question.
 * All or nothing (contract §6): the first bad row rejects the file with its number, and the
 * questions are written in one unit of work.
 */
export const makeImportQuestions =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'questionImportParser' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[quizId: string, format: ImportFormat, text: string], Question[], 'QUIZ_NOT_FOUND' | 'INVALID_IMPORT'> =>
  async (actor, meta, quizId, format, text) => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    const parsed = d.questionImportParser.parse(format, text);
    if (!parsed.ok) return parsed;
    const now = d.clock.now();
    return d.uow.run(async () => {
      const questions = questionsFromDrafts(
        d.ids,
        actor.tenantId,
        quizId,
        parsed.value,
        await d.questionRepository.nextOrder(actor.tenantId, quizId),
        now,
      );
      await d.questionRepository.insertMany(questions);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'quiz_question.import',
        resourceType: 'quiz',
        resourceId: quizId,
        metadata: { format, count: questions.length },
      });
      return ok(questions);
    });
  };
