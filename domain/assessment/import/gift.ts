import { trueFalseOptions, validateQuestion, type QuestionDraft } from '../question.js';
import { err, ok, type Result } from '../result.js';
import { MAX_IMPORT_QUESTIONS } from './csv-rows.js';

/**
 * Moodle's GIFT text format, for the question types we have:
 *
 *   // comment                                   ignored, as `$CATEGORY:` lines
 *   ::Title:: Who's buried in Grant's tomb? {~Grant ~Jefferson =no one}      multiple_choice
 *   Grant is {~buried =entombed ~living} in Grant's tomb.                    missing word → "_____"
 *   Which are primes? {~%50%2 ~%50%3 ~%-100%4}                              multiple_answer (positive weights)
 *   Grant is buried in Grant's tomb.{FALSE}                                 true_false ({T} {TRUE} {F} {FALSE})
 *   Who's buried in Grant's tomb?{=no one =nobody}                          short_answer
 *
 * Questions are separated by blank lines. Feedback (`#…`, `####…`) and `[format]` prefixes are
 * dropped; `\~ \= \# \{ \} \: \\` escape, `\n` is a new line. Numerical (`{#…}`), matching
 * (`->`), essay (`{}`) and partial-credit short answers are refused with the question's number,
 * since we have no such types (grading is all-or-nothing). Every question is worth 1 point.
 */

const SPECIAL = new Set(['~', '=', '#', '{', '}', ':', '\\']);

/** Index of the first unescaped `ch` at or after `from`, or -1. */
function findUnescaped(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === ch) return i;
  }
  return -1;
}

function unescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const next = s[i + 1];
    if (c === '\\' && next !== undefined) {
      if (next === 'n') out += '\n';
      else if (SPECIAL.has(next)) out += next;
      else out += c + next;
      i++;
    } else out += c;
  }
  return out;
}

/** Splits answer text on unescaped `=` and `~` that start an answer. */
function splitAnswers(body: string): Array<{ marker: '=' | '~'; raw: string }> {
  const out: Array<{ marker: '=' | '~'; raw: string }> = [];
  let current: { marker: '=' | '~'; raw: string } | null = null;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      if (current) current.raw += c + body[i + 1];
      i++;
      continue;
    }
    if (c === '=' || c === '~') {
      current = { marker: c, raw: '' };
      out.push(current);
    } else if (current) current.raw += c;
    else if (c.trim() !== '') return [];
  }
  return out;
}

interface GiftAnswer {
  marker: '=' | '~';
  weight: number | null;
  text: string;
}

function parseAnswer(a: { marker: '=' | '~'; raw: string }): Result<GiftAnswer, string> {
  let raw = a.raw;
  const feedback = findUnescaped(raw, '#');
  if (feedback >= 0) raw = raw.slice(0, feedback);
  if (findUnescaped(raw, '-') >= 0 && /(^|[^\\])->/.test(raw)) return err('matching questions (->) are not supported');
  let weight: number | null = null;
  const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(raw);
  if (w) {
    weight = Number(w[1]);
    raw = raw.slice(w[0].length);
  }
  return ok({ marker: a.marker, weight, text: unescape(raw).trim() });
}

function parseBlock(block: string): Result<QuestionDraft | null, string> {
  let s = block.trim();
  if (/^\$CATEGORY:/i.test(s)) return ok(null);
  if (s.startsWith('::')) {
    const end = findUnescaped(s, ':', 2);
    if (end < 0 || s[end + 1] !== ':') return err('the title (::title::) is not closed');
    s = s.slice(end + 2).trim();
  }
  s = s.replace(/^\[(html|moodle|plain|markdown)\]\s*/i, '');
  const open = findUnescaped(s, '{');
  if (open < 0) return err('no answer block {…} (descriptions and essays are not supported)');
  const close = findUnescaped(s, '}', open + 1);
  if (close < 0) return err('the answer block { is not closed');
  const before = unescape(s.slice(0, open)).trim();
  const after = unescape(s.slice(close + 1)).trim();
  const text = after ? `${before} _____ ${after}` : before;
  const body = s.slice(open + 1, close).trim();
  if (body === '') return err('essay questions ({}) are not supported');
  if (body.startsWith('#')) return err('numerical questions ({#…}) are not supported');

  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(body);
  if (tf) return validateQuestion({ type: 'true_false', text, points: 1, options: trueFalseOptions(tf[1]!.toUpperCase().startsWith('T')) });

  const pieces = splitAnswers(body);
  if (pieces.length === 0) return err('answers must start with = or ~');
  const answers: GiftAnswer[] = [];
  for (const p of pieces) {
    const a = parseAnswer(p);
    if (!a.ok) return a;
    answers.push(a.value);
  }
  const hasWrong = answers.some((a) => a.marker === '~');
  if (!hasWrong) {
    if (answers.some((a) => a.weight !== null && a.weight !== 100)) return err('partial-credit short answers (=%n%) are not supported');
    return validateQuestion({ type: 'short_answer', text, points: 1, options: answers.map((a) => ({ text: a.text, isCorrect: true })) });
  }
  // `=` marks the correct answer; a `~` with a positive weight is one of several correct ones.
  const options = answers.map((a) => ({ text: a.text, isCorrect: a.marker === '=' ? a.weight === null || a.weight > 0 : (a.weight ?? 0) > 0 }));
  const correct = options.filter((o) => o.isCorrect).length;
  return validateQuestion({ type: correct > 1 ? 'multiple_answer' : 'multiple_choice', text, points: 1, options });
}

export function parseGift(source: string): Result<QuestionDraft[], string> {
  const lines = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const blocks: Array<{ line: number; text: string }> = [];
  let current: { line: number; lines: string[] } | null = null;
  const flush = () => {
    if (current && current.lines.some((l) => l.trim())) blocks.push({ line: current.line, text: current.lines.join('\n') });
    current = null;
  };
  for (const [i, line] of lines.entries()) {
    if (line.trim().startsWith('//')) continue;
    if (line.trim() === '') {
      flush();
      continue;
    }
    current ??= { line: i + 1, lines: [] };
    current.lines.push(line);
  }
  flush();
  const out: QuestionDraft[] = [];
  for (const b of blocks) {
    const q = parseBlock(b.text);
    if (!q.ok) return err(`question ${out.length + 1} (line ${b.line}): ${q.error}`);
    if (q.value) out.push(q.value);
    if (out.length > MAX_IMPORT_QUESTIONS) return err(`more than ${MAX_IMPORT_QUESTIONS} questions in one file`);
  }
  if (out.length === 0) return err('the file has no questions');
  return ok(out);
}
