import { ORDERING_GRADINGS, trueFalseOptions, validateQuestion, type QuestionDraft } from '../question.js';
import { err, ok, type Result } from '../result.js';
import { MAX_IMPORT_QUESTIONS } from './csv-rows.js';
import { categoryPath, orderingGradingFromMoodle } from './moodle-xml.js';

/**
 * Moodle's GIFT text format, read as Moodle reads it:
 *
 *   // comment                                   ignored
 *   $CATEGORY: $course$/top/Algebra/Linear       the category of the questions that follow (bank import)
 *   ::Title:: Who's buried in Grant's tomb? {~Grant ~Jefferson =no one}      multiple_choice
 *   Grant is {~buried =entombed ~living} in Grant's tomb.                    missing word → "_____"
 *   Which are primes? {~%50%2 ~%50%3 ~%-100%4}                              multiple_answer (no `=`: weights)
 *   Best? {=yes ~%50%almost ~no}                                            multiple_choice with a partial answer
 *   Grant is buried in Grant's tomb.{FALSE}                                 true_false ({T} {TRUE} {F} {FALSE})
 *   Capital? {=Paris =%50%Pari* =paris}                                     short_answer (weights, wildcards)
 *   Number 1 to 5? {#3:2 ~#wrong}  Year? {#=1822:0 =%50%1822:2}  {#1..5}   numerical (value:tolerance, min..max)
 *   Match {=Canada -> Ottawa =Italy -> Rome = -> Paris}                     matching (`= -> x`: extra choice)
 *   Tell me a story. {}                                                      essay
 *   Order them. {>3 ALL VERTICAL ABSOLUTE_POSITION\n First\n Second\n Third}   ordering (qtype_ordering's GIFT)
 *   ::Part 2:: Read the text below.                                          description (no answer block)
 *
 * Questions are separated by blank lines. Feedback (`#…`, `####…`) is dropped; `[html]`,
 * `[moodle]`, `[plain]` and `[markdown]` tags before a text are removed (the text is kept as
 * written); `\~ \= \# \{ \} \: \\` escape, `\n` is a new line. `%n%` weights are the options'
 * weights (n/100). A text without an answer block is a description item (no mark), as Moodle's
 * GIFT import reads it. Every question is worth 1 point. An ordering block (`orderingOf`) is read as
 * qtype_ordering's own GIFT import reads it.
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
  /** `%n%` as a fraction; null when the answer has none. */
  weight: number | null;
  text: string;
}

/** Moodle's text-format tags, removed before a question, answer or feedback text. */
const FORMAT_TAG = /^\s*\[(html|moodle|plain|markdown)\]/i;

function parseAnswer(a: { marker: '=' | '~'; raw: string }): GiftAnswer {
  let raw = a.raw;
  const feedback = findUnescaped(raw, '#');
  if (feedback >= 0) raw = raw.slice(0, feedback);
  let weight: number | null = null;
  const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(raw);
  if (w) {
    weight = Number(w[1]) / 100;
    raw = raw.slice(w[0].length);
  }
  return { marker: a.marker, weight, text: unescape(raw.replace(FORMAT_TAG, '')).trim() };
}

/** `a -> b` of a matching answer (the arrow unescaped); null when there is none. */
function splitPair(raw: string): { stem: string; match: string } | null {
  const body = raw.slice(0, findUnescaped(raw, '#') >= 0 ? findUnescaped(raw, '#') : raw.length);
  for (let i = 0; i < body.length - 1; i++) {
    if (body[i] === '\\') {
      i++;
      continue;
    }
    if (body[i] === '-' && body[i + 1] === '>') {
      return {
        stem: unescape(body.slice(0, i).replace(FORMAT_TAG, '')).trim(),
        match: unescape(body.slice(i + 2).replace(FORMAT_TAG, '')).trim(),
      };
    }
  }
  return null;
}

/**
 * Numerical answers (`{#…}`): `value`, `value:tolerance` or `min..max`, several of them with
 * `=`/`~` and `%n%` weights; a `~` answer without a value is Moodle's "any other answer" (`*`).
 */
function numericalOptions(body: string): Result<QuestionDraft['options'], string> {
  const inner = body.slice(1).trim();
  // `{#3:2 ~#wrong}`: a first answer without a marker is a right one.
  const pieces = splitAnswers(/^[=~]/.test(inner) ? inner : `=${inner}`);
  if (pieces.length === 0) return err('numerical answers are {#value:tolerance} or {#min..max}');
  const options: QuestionDraft['options'] = [];
  for (const p of pieces) {
    const a = parseAnswer(p);
    const weight = a.weight ?? (a.marker === '=' ? 1 : 0);
    if (a.text === '' || a.text === '*') {
      options.push({ text: '*', isCorrect: weight > 0, weight });
      continue;
    }
    const range = /^(-?[\d.eE+-]+)\s*\.\.\s*(-?[\d.eE+-]+)$/.exec(a.text);
    const point = /^(-?[\d.eE+-]+)\s*(?::\s*([\d.eE+-]+))?$/.exec(a.text);
    if (range) {
      const [min, max] = [Number(range[1]), Number(range[2])];
      if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return err(`numerical range "${a.text}" is not min..max`);
      options.push({ text: String((min + max) / 2), isCorrect: weight > 0, weight, tolerance: (max - min) / 2 });
    } else if (point && Number.isFinite(Number(point[1])) && (point[2] === undefined || Number.isFinite(Number(point[2])))) {
      options.push({ text: point[1]!, isCorrect: weight > 0, weight, tolerance: point[2] === undefined ? 0 : Number(point[2]) });
    } else return err(`numerical answer "${a.text}" is not a number, value:tolerance or min..max`);
  }
  // All answers worth full marks and none is "any other": an unweighted numerical question.
  const plain = options.every((o) => o.weight === 1 && o.text !== '*');
  return ok(options.map((o) => (plain ? { ...o, weight: null } : o)));
}

/** qtype_ordering's GIFT words after `>N`, each optional, in this order (its import_from_gift). */
const ORDERING_SETTINGS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['ALL', 'EXACT', 'RANDOM', 'REL', 'CONTIGUOUS', 'CONTIG']),
  new Set(['HORIZONTAL', 'HORI', 'H', '1', 'VERTICAL', 'VERT', 'V', '0']),
  // Every type's own word, and the short forms set_options_for_import reads (orderingGradingFromMoodle).
  new Set([...ORDERING_GRADINGS.map((g) => g.toUpperCase()), 'ABSOLUTE', 'ABS', 'RELATIVE', 'REL']),
  new Set(['SHOW', 'TRUE', 'YES', '1', 'HIDE', 'FALSE', 'NO', '0']),
  new Set(['none', '123', 'abc', 'ABCD', 'iii', 'IIII']),
];

/**
 * `{>N [select] [layout] [grading] [show] [numbering]` then the items in their correct order, one a
 * line}`, as qtype_ordering's import_from_gift reads it: the words are matched in that order (what
 * matches none starts the items); N counts the items shown, N from 2 to the number of items, else
 * min(6, items); the grading word as its set_options_for_import maps it (a missing one:
 * RELATIVE_NEXT_EXCLUDE_LAST). Layout, show-grading and numbering are presentation. A question
 * showing only a subset of its items is refused, as from Moodle XML. (Moodle's pattern joins `REL`
 * and `LONGEST_ORDERED_SUBSET` into one word by a missing `|`; the word is read here as meant.)
 */
function orderingOf(text: string, body: string): Result<QuestionDraft, string> {
  const head = /^>\s*(\d+)/.exec(body);
  if (!head) return err('an ordering block starts with >N, the number of items shown');
  const [firstLine = '', ...rest] = body.slice(head[0].length).split('\n');
  const words = firstLine.trim().split(/\s+/).filter(Boolean);
  const found: string[] = ['', '', '', '', ''];
  let next = 0;
  let used = 0;
  for (const word of words) {
    const at = ORDERING_SETTINGS.findIndex((set, i) => i >= next && set.has(word));
    if (at < 0) break;
    found[at] = word;
    next = at + 1;
    used++;
  }
  const items = [words.slice(used).join(' '), ...rest].map((l) => unescape(l).trim()).filter(Boolean);
  const [select] = found;
  const wanted = Number(head[1]);
  const shown = wanted >= 2 && wanted <= items.length ? wanted : Math.min(6, items.length);
  if (select !== 'ALL' && select !== 'EXACT' && shown < items.length)
    return err(
      `it shows a ${select === 'CONTIGUOUS' || select === 'CONTIG' ? 'contiguous' : 'random'} subset of ${shown} of its ` +
        `${items.length} items, which is not supported: write >${items.length} ALL`,
    );
  return validateQuestion({
    type: 'ordering',
    text,
    points: 1,
    options: items.map((item) => ({ text: item, isCorrect: true })),
    orderingGrading: orderingGradingFromMoodle(found[2]),
  });
}

function parseBlock(block: string): Result<QuestionDraft, string> {
  let s = block.trim();
  if (s.startsWith('::')) {
    const end = findUnescaped(s, ':', 2);
    if (end < 0 || s[end + 1] !== ':') return err('the title (::title::) is not closed');
    s = s.slice(end + 2).trim();
  }
  s = s.replace(FORMAT_TAG, '').trim();
  const open = findUnescaped(s, '{');
  // Moodle's qformat_gift: no answer block makes a description, its grade 0.
  if (open < 0) return validateQuestion({ type: 'description', text: unescape(s).trim(), points: 0, options: [] });
  const close = findUnescaped(s, '}', open + 1);
  if (close < 0) return err('the answer block { is not closed');
  const before = unescape(s.slice(0, open)).trim();
  const after = unescape(s.slice(close + 1)).trim();
  const text = after ? `${before} _____ ${after}` : before;
  const body = s.slice(open + 1, close).trim();
  if (body === '') return validateQuestion({ type: 'essay', text, points: 1, options: [] });
  if (body.startsWith('>')) return orderingOf(text, body);
  if (body.startsWith('#')) {
    const options = numericalOptions(body);
    return options.ok ? validateQuestion({ type: 'numerical', text, points: 1, options: options.value }) : options;
  }

  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(body);
  if (tf) return validateQuestion({ type: 'true_false', text, points: 1, options: trueFalseOptions(tf[1]!.toUpperCase().startsWith('T')) });

  const pieces = splitAnswers(body);
  if (pieces.length === 0) return err('answers must start with = or ~');
  const pairs = pieces.map((p) => (p.marker === '=' ? splitPair(p.raw) : null));
  if (pairs.some((p) => p !== null)) {
    if (pairs.some((p) => p === null)) return err('every answer of a matching question is =stem -> match');
    return validateQuestion({
      type: 'matching',
      text,
      points: 1,
      options: pairs.map((p) => ({ text: p!.stem, match: p!.match, isCorrect: p!.stem !== '' })),
    });
  }
  const answers = pieces.map(parseAnswer);
  const weighted = answers.some((a) => a.weight !== null);
  const weightOf = (a: GiftAnswer) => a.weight ?? (a.marker === '=' ? 1 : 0);
  if (answers.every((a) => a.marker === '=')) {
    // Short answer: every answer is accepted, `%n%` gives partial credit.
    return validateQuestion({
      type: 'short_answer',
      text,
      points: 1,
      options: answers.map((a) => ({ text: a.text, isCorrect: weightOf(a) > 0, weight: weighted ? weightOf(a) : null })),
    });
  }
  // Moodle: without an `=` answer no single answer is 100 % correct, so several may be chosen.
  const type = answers.some((a) => a.marker === '=') ? 'multiple_choice' : 'multiple_answer';
  return validateQuestion({
    type,
    text,
    points: 1,
    options: answers.map((a) => ({ text: a.text, isCorrect: weightOf(a) > 0, weight: weighted ? weightOf(a) : null })),
  });
}

/** A GIFT file's questions, each with the category path (`categoryPath`) in effect where it stands. */
export interface GiftQuestions {
  questions: QuestionDraft[];
  categoryPaths: string[][];
}

export function parseGift(source: string): Result<QuestionDraft[], string> {
  const parsed = parseGiftWithCategories(source);
  return parsed.ok ? ok(parsed.value.questions) : parsed;
}

/**
 * Moodle's `$CATEGORY: path` block switches the category of the questions after it (Moodle's
 * qformat_gift reads the whole block as the path). Moodle's exports put a blank line after it; a
 * question written on the lines right below the `$CATEGORY:` line is read as a question here rather
 * than folded into the category's name, so no question is lost.
 */
export function parseGiftWithCategories(source: string): Result<GiftQuestions, string> {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
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
  const questions: QuestionDraft[] = [];
  const categoryPaths: string[][] = [];
  let category: string[] = [];
  for (const b of blocks) {
    let text = b.text.trim();
    let line = b.line;
    const heading = /^\$CATEGORY:(.*)(?:\n|$)/i.exec(text);
    if (heading) {
      category = categoryPath(heading[1]!);
      text = text.slice(heading[0].length).trim();
      line += 1;
      if (!text) continue;
    }
    const q = parseBlock(text);
    if (!q.ok) return err(`question ${questions.length + 1} (line ${line}): ${q.error}`);
    questions.push(q.value);
    categoryPaths.push(category);
    if (questions.length > MAX_IMPORT_QUESTIONS) return err(`more than ${MAX_IMPORT_QUESTIONS} questions in one file`);
  }
  if (questions.length === 0) return err('the file has no questions');
  return ok({ questions, categoryPaths });
}
