import {
  MAX_POINTS,
  ORDERING_GRADINGS,
  orderingGradingOf,
  trueFalseOptions,
  type OrderingGrading,
  validateQuestion,
  type OptionDraft,
  type Question,
  type QuestionDraft,
  type QuestionType,
} from '../question.js';
import { roundWeight } from '../marks.js';
import { MAX_SHARED_RIGHT_ANSWERS, moodleGradeOf, sharedMoodleGrades } from '../moodle-grades.js';
import { err, ok, type Result } from '../result.js';
import { MAX_IMPORT_QUESTIONS } from './csv-rows.js';

/**
 * Moodle XML, the format Moodle exports question banks in (docs.moodle.org "Moodle XML format"),
 * for the types we grade: multichoice (single, or multiple with fractions), truefalse,
 * shortanswer, numerical, matching, essay and ordering, and description items. An XML library parses the file into `XmlElement`s
 * (adapters/parsers); this decides what they mean, and builds the tree an export writes.
 *
 * Import: `<questiontext><text>` is kept as the question's text, HTML and all (CDATA or escaped);
 * `<defaultgrade>` gives the points (a whole number); `fraction` percentages become option
 * weights (Moodle's grading); `<tolerance>` numerical tolerances; `<subquestion>` matching pairs
 * (an empty one is an extra choice); an ordering's `<answer>`s are its items in their correct order
 * (Moodle numbers them 1…n in `fraction`); a description's grade is 0 whatever the file says (as
 * qformat_xml forces it). Categories are skipped. Embedded `<file>`s (images), the old
 * `<image>`/`<image_base64>` fields and other question types are refused naming the question, as is
 * a question without what its type needs.
 * Feedback, hints, penalties, units and names are not kept (we have no place for them), nor an
 * ordering's layout, numbering and show-grading settings (presentation). An ordering keeps its
 * `<gradingtype>` as qtype_ordering's import reads it (`orderingGradingFromMoodle`); one showing a
 * random or contiguous subset of its items is refused, rather than graded otherwise than in Moodle.
 *
 * Export writes what Moodle's own exporter writes for these types, so Moodle imports it, and
 * reads back to the same questions. Moodle imports only fractions of its grade list
 * (../moodle-grades.ts): a weight within Moodle's tolerance of one is written as it, any other
 * refuses the export naming the question. A multiple_answer question without weights (all or
 * nothing, which core Moodle has no setting for) is written with right answers sharing 100 % in
 * Moodle grades, wrong ones −100 %, and tagged `all-or-nothing`, which brings it back unweighted.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (text and CDATA nodes joined); children's text not included. */
  text: string;
}

export const ALL_OR_NOTHING_TAG = 'all-or-nothing';

const child = (e: XmlElement | undefined, name: string): XmlElement | undefined => e?.children.find((c) => c.name === name);
const childrenNamed = (e: XmlElement, name: string): XmlElement[] => e.children.filter((c) => c.name === name);
/** `<x><text>…</text></x>`'s text, or `<x>…</x>`'s own. */
const textOf = (e: XmlElement | undefined): string => (e ? (child(e, 'text')?.text ?? e.text) : '');
const hasFile = (e: XmlElement): boolean => e.name === 'file' || e.children.some(hasFile);

const MOODLE_TYPES: Record<string, QuestionType | undefined> = {
  multichoice: undefined,
  truefalse: 'true_false',
  shortanswer: 'short_answer',
  numerical: 'numerical',
  matching: 'matching',
  essay: 'essay',
  ordering: 'ordering',
  description: 'description',
};

/**
 * An ordering's `<gradingtype>` as qtype_ordering's set_options_for_import reads it: the word
 * upper-cased (ABS and ABSOLUTE are ABSOLUTE_POSITION); any other word, an empty or a missing
 * element (its import's default is RELATIVE) is RELATIVE_NEXT_EXCLUDE_LAST. So Moodle's own
 * fixtures without one import graded as Moodle grades them. We trim the word, which Moodle's parser
 * does not promise to do.
 */
export function orderingGradingFromMoodle(word: string | undefined): OrderingGrading {
  const w = (word ?? '').trim().toUpperCase();
  if (w === 'ABS' || w === 'ABSOLUTE') return 'absolute_position';
  const named = ORDERING_GRADINGS.find((g) => g.toUpperCase() === w);
  return named ?? 'relative_next_exclude_last';
}

/**
 * Whether an ordering question shows all its items, as qtype_ordering decides: `<selecttype>` ALL
 * (or EXACT), else (RANDOM, CONTIGUOUS, the default) when the subset size, at least 2, is all of
 * them. Files older than Moodle 2.x call the two fields `<logical>` and `<studentsee>`.
 */
function orderingShowsAll(q: XmlElement, items: number): Result<null, string> {
  const old = !child(q, 'selecttype');
  const select = (child(q, old ? 'logical' : 'selecttype')?.text ?? 'RANDOM').trim().toUpperCase();
  if (select === 'ALL' || select === 'EXACT') return ok(null);
  const countText = (child(q, old ? 'studentsee' : 'selectcount')?.text ?? '6').trim();
  const count = /^\d+$/.test(countText) && Number(countText) >= 2 ? Number(countText) : 2;
  if (Math.min(count, items) === items) return ok(null);
  return err(
    `it shows a ${select === 'CONTIGUOUS' || select === 'CONTIG' ? 'contiguous' : 'random'} subset of ${count} of its ` +
      `${items} items, which is not supported: give <selecttype>ALL</selecttype>`,
  );
}

function fractionOf(answer: XmlElement): Result<number, string> {
  const f = Number(answer.attributes.fraction ?? '0');
  if (!Number.isFinite(f) || f < -100 || f > 100)
    return err(`fraction "${answer.attributes.fraction}" is not a percentage from -100 to 100`);
  return ok(roundWeight(f / 100));
}

function readQuestion(q: XmlElement, type: string): Result<QuestionDraft, string> {
  if (hasFile(q)) return err('embedded files (<file>, e.g. images) are not supported: upload them to the lesson and link to them');
  // Moodle before 2.0 wrote a question's picture as <image> (a path, with <image_base64> its bytes);
  // we have no place for it, and dropping it would lose content without a word. Empty ones are common.
  const image = ['image', 'image_base64'].map((n) => child(q, n)).find((e) => e && textOf(e).trim() !== '');
  if (image)
    return err(
      `the old <${image.name}> field${image.name === 'image' ? ` ("${textOf(image).trim()}")` : ''} is not supported: ` +
        `upload the image and link to it from the question text`,
    );
  const text = textOf(child(q, 'questiontext'));
  if (type === 'description') return validateQuestion({ type: 'description', text, points: 0, options: [] });
  const gradeText = (child(q, 'defaultgrade')?.text ?? '1').trim();
  const points = Number(gradeText);
  if (!Number.isInteger(points) || points < 1 || points > MAX_POINTS)
    return err(`defaultgrade "${gradeText}": points must be a whole number from 1 to ${MAX_POINTS}`);
  const answers = childrenNamed(q, 'answer');
  const weighted: OptionDraft[] = [];
  // An ordering's fractions number its items (1…n), they are no grades.
  for (const a of type === 'ordering' ? [] : answers) {
    const w = fractionOf(a);
    if (!w.ok) return w;
    const option: OptionDraft = { text: textOf(a), isCorrect: w.value > 0, weight: w.value };
    if (type === 'numerical') option.tolerance = Number(child(a, 'tolerance')?.text ?? '0') || 0;
    weighted.push(option);
  }
  switch (type) {
    case 'multichoice': {
      const single = /^(true|1)$/i.test((child(q, 'single')?.text ?? 'true').trim());
      const tags = childrenNamed(child(q, 'tags') ?? { name: '', attributes: {}, children: [], text: '' }, 'tag').map((t) =>
        textOf(t).trim().toLowerCase(),
      );
      if (!single && tags.includes(ALL_OR_NOTHING_TAG)) {
        return validateQuestion({
          type: 'multiple_answer',
          text,
          points,
          options: weighted.map((o) => ({ text: o.text, isCorrect: (o.weight ?? 0) > 0 })),
        });
      }
      return validateQuestion({ type: single ? 'multiple_choice' : 'multiple_answer', text, points, options: weighted });
    }
    case 'truefalse': {
      const right = answers.find((a) => Number(a.attributes.fraction ?? '0') > 0);
      if (answers.length !== 2 || !right) return err('a truefalse question has a true and a false answer, one of them worth 100');
      return validateQuestion({
        type: 'true_false',
        text,
        points,
        options: trueFalseOptions(textOf(right).trim().toLowerCase() === 'true'),
      });
    }
    case 'matching':
      return validateQuestion({
        type: 'matching',
        text,
        points,
        options: childrenNamed(q, 'subquestion').map((s) => ({
          text: textOf(s),
          match: textOf(child(s, 'answer')),
          isCorrect: textOf(s).trim() !== '',
        })),
      });
    case 'essay':
      return validateQuestion({ type: 'essay', text, points, options: [] });
    case 'ordering': {
      const all = orderingShowsAll(q, answers.length);
      if (!all.ok) return all;
      // The items in the file's order, which is their correct order (Moodle renumbers them so).
      return validateQuestion({
        type: 'ordering',
        text,
        points,
        options: answers.map((a) => ({ text: textOf(a), isCorrect: true })),
        orderingGrading: orderingGradingFromMoodle(child(q, 'gradingtype')?.text),
      });
    }
    default:
      return validateQuestion({ type: MOODLE_TYPES[type]!, text, points, options: weighted });
  }
}

/** Drafts from a parsed Moodle XML document (`<quiz>` root); the first bad question rejects the file. */
export function questionsFromMoodleXml(root: XmlElement): Result<QuestionDraft[], string> {
  if (root.name !== 'quiz') return err('not a Moodle XML file (the root element must be <quiz>)');
  const out: QuestionDraft[] = [];
  let n = 0;
  for (const q of childrenNamed(root, 'question')) {
    const type = q.attributes.type ?? '';
    if (type === 'category') continue;
    n++;
    const name = textOf(child(q, 'name')).trim();
    const which = `question ${n}${name ? ` ("${name}")` : ''}`;
    if (!(type in MOODLE_TYPES))
      return err(
        `${which}: type "${type}" is not supported (multichoice, truefalse, shortanswer, numerical, matching, essay, ordering and description are)`,
      );
    const read = readQuestion(q, type);
    if (!read.ok) return err(`${which}: ${read.error}`);
    out.push(read.value);
    if (out.length > MAX_IMPORT_QUESTIONS) return err(`more than ${MAX_IMPORT_QUESTIONS} questions in one file`);
  }
  if (out.length === 0) return err('the file has no questions');
  return ok(out);
}

// ---------------------------------------------------------------- export

const el = (name: string, children: XmlElement[] = [], attributes: Record<string, string> = {}, text = ''): XmlElement => ({
  name,
  attributes,
  children,
  text,
});
const textEl = (name: string, text: string, attributes: Record<string, string> = {}): XmlElement =>
  el(name, [el('text', [], {}, text)], attributes);
const value = (name: string, text: string): XmlElement => el(name, [], {}, text);
const html = (name: string, text = ''): XmlElement => textEl(name, text, { format: 'html' });
/** Moodle writes fractions as percentages with up to 7 significant decimals of the fraction. */
const percent = (weight: number): string => String(Math.round(weight * 1e7) / 1e5);
const decimal7 = (x: number): string => x.toFixed(7);

/** A short name for Moodle's required `<name>`: the text without tags, cut at 60 characters. */
const nameOf = (q: Pick<Question, 'text' | 'order'>): string => {
  const plain = q.text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 60 ? `${plain.slice(0, 57)}…` : plain || `Question ${q.order}`;
};

const isAllOrNothing = (q: Question): boolean =>
  q.type === 'multiple_answer' && q.options.every((o) => o.weight === null || o.weight === undefined);

/** Each option's Moodle fraction (a percentage as Moodle writes it), or why Moodle would refuse the question. */
function moodleFractions(q: Question): Result<string[], string> {
  if (isAllOrNothing(q)) {
    const right = q.options.filter((o) => o.isCorrect).length;
    const shares = sharedMoodleGrades(right);
    if (!shares) return err(`${right} right answers cannot share 100 % in Moodle's grades (at most ${MAX_SHARED_RIGHT_ANSWERS} can)`);
    let next = 0;
    return ok(q.options.map((o) => (o.isCorrect ? percent(shares[next++]!) : '-100')));
  }
  const fractions: string[] = [];
  for (const o of q.options) {
    const weight = o.weight ?? (o.isCorrect ? 1 : 0);
    const grade = moodleGradeOf(weight);
    if (grade === undefined)
      return err(
        `option "${o.text}" is worth ${percent(weight)} %, which is not one of Moodle's grades (0, ±100, ±90, ±83.33333, ` +
          `±80, ±75, ±70, ±66.66667, ±60, ±50, ±40, ±33.33333, ±30, ±25, ±20, ±16.66667, ±14.28571, ±12.5, ±11.11111, ±10, ±5 %)`,
      );
    fractions.push(percent(grade));
  }
  return ok(fractions);
}

const answerEl = (fraction: string, text: string, extra: XmlElement[] = [], format = 'html'): XmlElement =>
  el('answer', [el('text', [], {}, text), html('feedback'), ...extra], { fraction, format });

const combinedFeedback = (): XmlElement[] => [
  html('correctfeedback'),
  html('partiallycorrectfeedback'),
  html('incorrectfeedback'),
  el('shownumcorrect'),
];

function questionEl(q: Question, fractions: readonly string[]): XmlElement {
  const head = (type: string, penalty: number): XmlElement[] => [
    textEl('name', nameOf(q)),
    html('questiontext', q.text),
    html('generalfeedback'),
    value('defaultgrade', decimal7(q.points)),
    value('penalty', decimal7(penalty)),
    value('hidden', '0'),
    value('idnumber', ''),
  ];
  const fraction = (i: number): string => fractions[i]!;
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer': {
      return el(
        'question',
        [
          ...head('multichoice', 1 / 3),
          value('single', q.type === 'multiple_choice' ? 'true' : 'false'),
          value('shuffleanswers', 'true'),
          value('answernumbering', 'abc'),
          value('showstandardinstruction', '0'),
          ...combinedFeedback(),
          ...q.options.map((o, i) => answerEl(fraction(i), o.text)),
          ...(isAllOrNothing(q) ? [el('tags', [el('tag', [el('text', [], {}, ALL_OR_NOTHING_TAG)])])] : []),
        ],
        { type: 'multichoice' },
      );
    }
    case 'true_false': {
      const trueIsRight = q.options[0]?.isCorrect ?? true;
      return el(
        'question',
        [
          ...head('truefalse', 1),
          answerEl(trueIsRight ? '100' : '0', 'true', [], 'moodle_auto_format'),
          answerEl(trueIsRight ? '0' : '100', 'false', [], 'moodle_auto_format'),
        ],
        { type: 'truefalse' },
      );
    }
    case 'short_answer':
      return el(
        'question',
        [
          ...head('shortanswer', 1 / 3),
          value('usecase', '0'),
          ...q.options.map((o, i) => answerEl(fraction(i), o.text, [], 'moodle_auto_format')),
        ],
        { type: 'shortanswer' },
      );
    case 'numerical':
      return el(
        'question',
        [
          ...head('numerical', 1 / 3),
          ...q.options.map((o, i) => answerEl(fraction(i), o.text, [value('tolerance', String(o.tolerance ?? 0))], 'moodle_auto_format')),
          value('unitgradingtype', '0'),
          value('unitpenalty', '0.1000000'),
          value('showunits', '3'),
          value('unitsleft', '0'),
        ],
        { type: 'numerical' },
      );
    case 'matching':
      return el(
        'question',
        [
          ...head('matching', 1 / 3),
          value('shuffleanswers', 'true'),
          ...combinedFeedback(),
          ...q.options.map((o) =>
            el('subquestion', [el('text', [], {}, o.text), el('answer', [el('text', [], {}, o.match ?? '')])], { format: 'html' }),
          ),
        ],
        { type: 'matching' },
      );
    case 'description':
      return el('question', head('description', 0), { type: 'description' });
    case 'ordering':
      // qtype_ordering's export_to_xml: its settings as words, then the items in their correct order numbered 1…n.
      return el(
        'question',
        [
          ...head('ordering', 1 / 3),
          value('layouttype', 'VERTICAL'),
          value('selecttype', 'ALL'),
          value('selectcount', String(q.options.length)),
          value('gradingtype', orderingGradingOf(q).toUpperCase()),
          value('showgrading', 'SHOW'),
          value('numberingstyle', 'none'),
          html('correctfeedback'),
          html('partiallycorrectfeedback'),
          html('incorrectfeedback'),
          value('shownumcorrect', '1'),
          ...q.options.map((o, i) => el('answer', [el('text', [], {}, o.text)], { fraction: String(i + 1), format: 'html' })),
        ],
        { type: 'ordering' },
      );
    case 'essay':
      return el(
        'question',
        [
          ...head('essay', 0),
          value('responseformat', 'editor'),
          value('responserequired', '1'),
          value('responsefieldlines', '15'),
          value('minwordlimit', ''),
          value('maxwordlimit', ''),
          value('attachments', '0'),
          value('attachmentsrequired', '0'),
          value('maxbytes', '0'),
          value('filetypeslist', ''),
          html('graderinfo'),
          html('responsetemplate'),
        ],
        { type: 'essay' },
      );
  }
}

/** Types whose answers carry a fraction that Moodle checks against its grade list. */
const GRADED_ANSWERS = new Set<Question['type']>(['multiple_choice', 'multiple_answer', 'short_answer', 'numerical']);

/**
 * The `<quiz>` tree of a quiz's questions, in a category named after the quiz (as Moodle exports
 * one), or the first question Moodle would refuse (`question N ("name"): why`).
 */
export function moodleXmlOf(quizTitle: string, questions: readonly Question[]): Result<XmlElement, string> {
  const category = el('question', [textEl('category', `$course$/top/${quizTitle.replace(/\//g, '//')}`)], { type: 'category' });
  const out: XmlElement[] = [category];
  for (const [i, q] of questions.entries()) {
    const fractions = GRADED_ANSWERS.has(q.type) ? moodleFractions(q) : ok([]);
    if (!fractions.ok) return err(`question ${i + 1} ("${nameOf(q)}"): ${fractions.error}`);
    out.push(questionEl(q, fractions.value));
  }
  return ok(el('quiz', out));
}

// ---------------------------------------------------------------- question bank categories (issue 33)

/**
 * A Moodle category path (`$course$/top/Algebra/Linear`) as segments below the course's top:
 * the context (`$course$`, `$module$`, `$system$`, `$coursecategory$`) and `top` dropped, `//` an
 * escaped slash inside a name; `[]` for the top itself.
 */
export function categoryPath(raw: string): string[] {
  // Split on single slashes only: `//` is a slash inside a name.
  const segments = raw
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((s) => s.replace(/\/\//g, '/').trim())
    .filter(Boolean);
  if (segments[0] && /^\$\w+\$$/.test(segments[0])) segments.shift();
  if (segments[0] === 'top') segments.shift();
  return segments;
}

/** Per question of the file, in the order `questionsFromMoodleXml` reads them, the path of the category in effect. */
export function categoryPathsOfMoodleXml(root: XmlElement): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const q of childrenNamed(root, 'question')) {
    if ((q.attributes.type ?? '') === 'category') current = categoryPath(textOf(child(q, 'category')));
    else out.push(current);
  }
  return out;
}

/**
 * The `<quiz>` tree of bank categories' questions: each group under its `$course$/top/…` category
 * (names' slashes doubled, as Moodle writes them), or the first question Moodle would refuse.
 */
export function moodleXmlOfCategories(
  groups: ReadonlyArray<{ path: readonly string[]; questions: readonly Question[] }>,
): Result<XmlElement, string> {
  const out: XmlElement[] = [];
  let n = 0;
  for (const g of groups) {
    out.push(
      el('question', [textEl('category', ['$course$', 'top', ...g.path.map((s) => s.replace(/\//g, '//'))].join('/'))], {
        type: 'category',
      }),
    );
    for (const q of g.questions) {
      n++;
      const fractions = GRADED_ANSWERS.has(q.type) ? moodleFractions(q) : ok([]);
      if (!fractions.ok) return err(`question ${n} ("${nameOf(q)}"): ${fractions.error}`);
      out.push(questionEl(q, fractions.value));
    }
  }
  return ok(el('quiz', out));
}
