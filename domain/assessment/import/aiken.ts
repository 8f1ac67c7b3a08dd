import { validateQuestion, type QuestionDraft } from '../question.js';
import { err, ok, type Result } from '../result.js';
import { MAX_IMPORT_QUESTIONS } from './csv-rows.js';

/**
 * Moodle's Aiken format: multiple_choice questions, one correct answer each.
 *
 *   What is the correct answer to this question?
 *   A. Is it this one?
 *   B) Maybe this answer?
 *   ANSWER: B
 *
 * The question text runs until the first option line (several lines are kept, joined); options
 * are a letter, `.` or `)`, and the text (Moodle reads `A)text` without a space too), in
 * alphabetical order from A; `ANSWER: <letter>`
 * ends the question. Blank lines between questions are optional. Every question is worth 1 point.
 */
const OPTION = /^([A-Za-z])[.)]\s*(.+)$/;
const ANSWER = /^ANSWER\s*:\s*([A-Za-z])\s*$/i;

export function parseAiken(source: string): Result<QuestionDraft[], string> {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const out: QuestionDraft[] = [];
  let q: { line: number; text: string[]; options: string[] } | null = null;
  const fail = (line: number, message: string) => err(`question ${out.length + 1} (line ${line}): ${message}`);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    const n = i + 1;
    if (!q) {
      if (line === '') continue;
      if (ANSWER.test(line)) return fail(n, 'ANSWER without a question');
      q = { line: n, text: [line], options: [] };
      continue;
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      if (q.options.length < 2) return fail(q.line, 'needs at least two options (A. …, B. …) before ANSWER');
      const index = answer[1]!.toUpperCase().charCodeAt(0) - 65;
      if (index >= q.options.length) return fail(n, `ANSWER ${answer[1]!.toUpperCase()} is not one of the options`);
      const checked = validateQuestion({
        type: 'multiple_choice',
        text: q.text.join('\n'),
        points: 1,
        options: q.options.map((text, k) => ({ text, isCorrect: k === index })),
      });
      if (!checked.ok) return fail(q.line, checked.error);
      out.push(checked.value);
      if (out.length > MAX_IMPORT_QUESTIONS) return err(`more than ${MAX_IMPORT_QUESTIONS} questions in one file`);
      q = null;
      continue;
    }
    if (line === '') {
      if (q.options.length) return fail(q.line, 'missing the ANSWER: line');
      continue;
    }
    const option = OPTION.exec(line);
    if (option) {
      const expected = String.fromCharCode(65 + q.options.length);
      if (option[1]!.toUpperCase() !== expected) return fail(n, `option ${option[1]} where ${expected} was expected`);
      q.options.push(option[2]!.trim());
    } else if (q.options.length) {
      return fail(n, 'a line that is neither an option nor ANSWER: (the question text comes before the options)');
    } else q.text.push(line);
  }
  if (q) return fail(q.line, 'missing the ANSWER: line');
  if (out.length === 0) return err('the file has no questions');
  return ok(out);
}
