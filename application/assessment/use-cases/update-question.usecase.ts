import { sameContent, type Question } from '../../../domain/assessment/question.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { buildQuestion, type QuestionInput } from '../question-input.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * Any subset of a question's fields; the result is validated as a whole. Attempts keep the
 * questions they started with (their snapshots), so their review and marks never change.
 *
 * Versions (issue 33): once an attempt has seen the question, an edit of its content keeps the
 * content it replaces as that version and makes a new one (Moodle makes a version per edit; we spare
 * the history of a question nobody has answered yet, which changes in place). A question past
 * version 1 has been seen, so only the first edit asks the attempts. The question is locked
 * until the edit commits: two concurrent edits take turns and make two versions, never the same one twice.
 */
export const makeUpdateQuestion =
  (
    d: Pick<AssessmentDeps, 'questionRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<
    [id: string, input: QuestionInput & { order?: number | undefined }],
    Question,
    'QUESTION_NOT_FOUND' | 'INVALID_QUESTION'
  > =>
  async (actor, meta, id, input) =>
    d.uow.run(async () => {
      const current = await d.questionRepository.lock(actor.tenantId, id);
      if (!current) return err('QUESTION_NOT_FOUND');
      const built = buildQuestion(d.ids, input, current);
      if (!built.ok) return built;
      const now = d.clock.now();
      // The built question says whether it has a grading type: a question that stops being an ordering loses its own.
      const { orderingGrading: _grading, ...rest } = current;
      const edited: Question = { ...rest, ...built.value, order: input.order ?? current.order, updatedAt: now };
      const version = current.version ?? 1;
      const newVersion = !sameContent(current, edited) && (version > 1 || (await d.questionRepository.seenByAttempt(actor.tenantId, id)));
      if (newVersion) await d.questionRepository.archiveVersion(current, now);
      const question: Question = { ...edited, version: newVersion ? version + 1 : version };
      await d.questionRepository.update(question);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'quiz_question.update',
        resourceType: 'quiz_question',
        resourceId: id,
        metadata: { quiz_id: question.quizId, version: question.version, ...(newVersion ? { replaced_version: version } : {}) },
      });
      return ok(question);
    });
