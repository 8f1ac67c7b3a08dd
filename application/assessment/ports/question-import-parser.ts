import type { Question, QuestionDraft } from '../../../domain/assessment/question.js';
import type { Result } from '../../shared/result.js';

export const IMPORT_FORMATS = ['csv', 'gift', 'aiken', 'moodle_xml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Turns an uploaded question file into validated drafts, or a sentence naming the bad row or
 * question. The adapter does the parsing (a CSV library); the domain decides what rows mean.
 */
export interface QuestionImportParser {
  parse(format: ImportFormat, text: string): Result<QuestionDraft[], 'INVALID_IMPORT'>;
  /**
   * `parse`, with, per question in the same order, the path of the bank category the file files it in
   * (Moodle XML's and GIFT's `$course$/top/A/B` as `['A', 'B']`, `[]` at the top); null for formats
   * without categories (issue 33). The file is read once.
   */
  parseWithCategories(
    format: ImportFormat,
    text: string,
  ): Result<{ drafts: QuestionDraft[]; categoryPaths: string[][] | null }, 'INVALID_IMPORT'>;
}

export const EXPORT_FORMATS = ['moodle_xml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFile {
  text: string;
  contentType: string;
  extension: string;
}

/**
 * Writes a quiz's questions as a file another system imports (Moodle XML), or refuses with a
 * sentence naming the first question that system would refuse (a fraction Moodle has no grade for).
 */
export interface QuestionExportWriter {
  write(format: ExportFormat, quizTitle: string, questions: readonly Question[]): Result<ExportFile, 'NOT_EXPORTABLE'>;
  /** Bank categories' questions, each group in its category (`path` below the course's top; issue 33). */
  writeCategories(
    format: ExportFormat,
    groups: ReadonlyArray<{ path: readonly string[]; questions: readonly Question[] }>,
  ): Result<ExportFile, 'NOT_EXPORTABLE'>;
}
