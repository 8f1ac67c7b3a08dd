import type { Actor } from '../../shared/actor.js';
import { err, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { ExportFile, ExportFormat } from '../ports/question-import-parser.js';

/**
 * `GET /admin/quizzes/:id/export-questions?format=moodle_xml`: the quiz's questions, in order, as
 * a file Moodle imports and our import reads back to the same questions; refused naming the first
 * question Moodle would refuse.
 */
export const makeExportQuestions =
  (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'questionExportWriter'>) =>
  async (actor: Actor, quizId: string, format: ExportFormat): Promise<Result<ExportFile, 'QUIZ_NOT_FOUND' | 'NOT_EXPORTABLE'>> => {
    const quiz = await d.quizRepository.findById(actor.tenantId, quizId);
    if (!quiz) return err('QUIZ_NOT_FOUND');
    return d.questionExportWriter.write(format, quiz.title, await d.questionRepository.listByQuiz(actor.tenantId, quizId));
  };
