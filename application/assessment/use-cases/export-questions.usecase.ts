import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { ExportFormat } from '../ports/question-import-parser.js';

/**
 * `GET /admin/quizzes/:id/export-questions?format=moodle_xml`: the quiz's questions, in order, as
 * a file Moodle imports and our import reads back to the same questions.
 */
export const makeExportQuestions = (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'questionExportWriter'>) =>
  async (actor: Actor, quizId: string, format: ExportFormat): Promise<Result<{ text: string; contentType: string; extension: string }, 'QUIZ_NOT_FOUND'>> => {
    const quiz = await d.quizRepository.findById(actor.tenantId, quizId);
    if (!quiz) return err('QUIZ_NOT_FOUND');
    return ok(d.questionExportWriter.write(format, quiz.title, await d.questionRepository.listByQuiz(actor.tenantId, quizId)));
  };
