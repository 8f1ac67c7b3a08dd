import { isQuestionType, QUESTION_TYPES, trueFalseOptions, validateQuestion, type QuestionDraft, type QuestionType } from '../question.js';
import { err, ok, type Result } from '../result.js';

/**
 * Row validation of the CSV import (contract §6). The adapter parses the CSV text into records
 * (a library's job); this decides what they mean. Header:
 * `question_type,question_text,points,correct,option_1,option_2,…` (any order, any case; only
 * question_type and question_text are required; `points` defaults to 1). `correct` lists 1-based
 * option numbers separated by `|`; it is empty for short_answer, whose options are the accepted
 * answers. A true_false row may leave its options out: they become True/False, and `correct` is
 * 1/2 or true/false. numerical rows are as short_answer, their options the accepted numbers (no
 * tolerance); an essay row has neither options nor correct; an ordering row lists its items in
 * their correct order, `correct` empty; a description row has text only (points empty or 0);
 * matching needs GIFT or Moodle XML. Rows are numbered as a spreadsheet shows them (the header is
 * row 1); blank
 * rows are skipped. The first bad row rejects the file, with its number.
 */
export const MAX_IMPORT_QUESTIONS = 2000;

const OPTION_COLUMN = /^option_(\d{1,3})$/;
const KNOWN = new Set(['question_type', 'question_text', 'points', 'correct']);

interface Columns {
  type: number;
  text: number;
  points: number | null;
  correct: number | null;
  /** Column index of option_1, option_2, … in option order. */
  options: number[];
}

function readHeader(header: readonly string[]): Result<Columns, string> {
  const names = header.map((h) => h.trim().toLowerCase());
  const seen = new Set<string>();
  const optionColumns: Array<{ n: number; index: number }> = [];
  for (const [index, name] of names.entries()) {
    if (seen.has(name)) return err(`row 1: column "${name}" appears twice`);
    seen.add(name);
    const option = OPTION_COLUMN.exec(name);
    if (option) optionColumns.push({ n: Number(option[1]), index });
    else if (!KNOWN.has(name))
      return err(
        `row 1: unknown column "${header[index]?.trim()}" (expected question_type, question_text, points, correct, option_1, option_2, …)`,
      );
  }
  if (!seen.has('question_type') || !seen.has('question_text')) return err('row 1: the header needs question_type and question_text');
  optionColumns.sort((a, b) => a.n - b.n);
  for (const [i, c] of optionColumns.entries())
    if (c.n !== i + 1) return err(`row 1: option columns must be option_1, option_2, … without gaps (option_${i + 1} is missing)`);
  const at = (name: string) => (names.includes(name) ? names.indexOf(name) : null);
  return ok({
    type: at('question_type')!,
    text: at('question_text')!,
    points: at('points'),
    correct: at('correct'),
    options: optionColumns.map((c) => c.index),
  });
}

const BOOL_CORRECT: Record<string, boolean> = { true: true, t: true, false: false, f: false };

function readRow(cells: readonly string[], c: Columns): Result<QuestionDraft, string> {
  const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
  const typeName = cell(c.type).toLowerCase();
  if (!isQuestionType(typeName)) return err(`question_type "${cell(c.type)}" is not one of ${QUESTION_TYPES.join(', ')}`);
  const type: QuestionType = typeName;
  if (type === 'matching') return err('matching questions need pairs: import them from GIFT or Moodle XML');
  const pointsText = cell(c.points);
  const points = pointsText === '' ? (type === 'description' ? 0 : 1) : Number(pointsText);
  if (!Number.isInteger(points)) return err(`points "${pointsText}" is not a whole number`);

  const texts = c.options.map((i) => cell(i));
  while (texts.length && texts[texts.length - 1] === '') texts.pop(); // trailing empty option columns
  const gap = texts.indexOf('');
  if (gap >= 0) return err(`option_${gap + 1} is empty but a later option is not`);

  const correctText = cell(c.correct);
  if (type === 'essay' || type === 'description') {
    if (correctText !== '' || texts.length)
      return err(
        type === 'essay'
          ? 'an essay row has no correct and no options (a mentor marks it)'
          : 'a description row has no correct and no options',
      );
    return validateQuestion({ type, text: cell(c.text), points, options: [] });
  }
  if (type === 'short_answer' || type === 'numerical' || type === 'ordering') {
    if (correctText !== '')
      return err(
        `correct must be empty for ${type} (${
          type === 'ordering' ? 'its options are the items in their correct ' + 'order' : 'its options are the accepted answers'
        })`,
      );
    return validateQuestion({ type, text: cell(c.text), points, options: texts.map((text) => ({ text, isCorrect: true })) });
  }
  if (type === 'true_false' && texts.length === 0) {
    const v = correctText.toLowerCase();
    const value = v === '1' ? true : v === '2' ? false : BOOL_CORRECT[v];
    if (value === undefined) return err('correct of a true_false row without options is 1 (true), 2 (false), true or false');
    return validateQuestion({ type, text: cell(c.text), points, options: trueFalseOptions(value) });
  }
  if (correctText === '') return err(`correct is required for ${type}`);
  const numbers = correctText.split('|').map((s) => s.trim());
  const chosen = new Set<number>();
  for (const s of numbers) {
    const n = Number(s);
    if (!/^\d+$/.test(s) || n < 1 || n > texts.length) return err(`correct "${s}" is not an option number from 1 to ${texts.length}`);
    if (chosen.has(n)) return err(`correct names option ${n} twice`);
    chosen.add(n);
  }
  return validateQuestion({ type, text: cell(c.text), points, options: texts.map((text, i) => ({ text, isCorrect: chosen.has(i + 1) })) });
}

/** `records[0]` is the header. */
export function questionsFromCsvRecords(records: readonly (readonly string[])[]): Result<QuestionDraft[], string> {
  const [header, ...rows] = records;
  if (!header) return err('the file is empty');
  const columns = readHeader(header);
  if (!columns.ok) return columns;
  const out: QuestionDraft[] = [];
  for (const [i, cells] of rows.entries()) {
    if (cells.every((x) => x.trim() === '')) continue;
    const row = readRow(cells, columns.value);
    if (!row.ok) return err(`row ${i + 2}: ${row.error}`);
    out.push(row.value);
    if (out.length > MAX_IMPORT_QUESTIONS) return err(`more than ${MAX_IMPORT_QUESTIONS} questions in one file`);
  }
  if (out.length === 0) return err('the file has no questions');
  return ok(out);
}
