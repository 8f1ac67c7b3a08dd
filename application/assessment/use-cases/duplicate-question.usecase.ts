import type { Question } from '../../../domain/assessment/question.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** A copy (new question and option ids) placed right after the original, as Moodle does. */
export const makeDuplicateQuestion =
  (
    d: Pick<AssessmentDeps, 'questionRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>,
  ): AuditedCommand<[id: string], Question, 'QUESTION_NOT_FOUND' | 'QUESTION_NOT_IN_QUIZ'> =>
  async (actor, meta, id) => {
    const original = await d.questionRepository.findById(actor.tenantId, id);
    if (!original) return err('QUESTION_NOT_FOUND');
    // A bank question no quiz holds (issue 33) has no place to be copied after.
    if (!original.quizId)
      return err('QUESTION_NOT_IN_QUIZ', 'a bank question that no quiz holds is not duplicated: add a new one to its category');
    const now = d.clock.now();
    return d.uow.run(async () => {
      // Positions 1..n first, so "right after" is well defined even with ties.
      const ordered = await d.questionRepository.listByQuiz(actor.tenantId, original.quizId);
      await d.questionRepository.setOrder(
        actor.tenantId,
        original.quizId,
        ordered.map((q) => q.id),
        now,
      );
      const position = ordered.findIndex((q) => q.id === id) + 1;
      await d.questionRepository.shiftFrom(actor.tenantId, original.quizId, position + 1, now);
      const copy: Question = {
        ...original,
        id: d.ids.uuid(),
        order: position + 1,
        options: original.options.map((o) => ({ ...o, id: d.ids.uuid() })),
        // A new question: its history stays with the original.
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await d.questionRepository.insertMany([copy]);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'quiz_question.duplicate',
        resourceType: 'quiz_question',
        resourceId: copy.id,
        metadata: { quiz_id: copy.quizId, source_id: id },
      });
      return ok(copy);
    });
  };
