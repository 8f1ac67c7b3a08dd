/**
 * Retrieval over one lesson for the assistant: the lesson (title, description, content) is cut
 * into passages, passages and question are reduced to stemmed terms, and passages are ranked
 * by BM25 (Robertson & Zaragoza, k1 = 1.2, b = 0.75). Pure functions: both AI adapters use them,
 * the built-in one to answer and the OpenAI one to choose context and sources.
 */

export interface LessonText {
  title: string;
  description: string | null;
  content: string | null;
}

export type PassageSection = 'title' | 'description' | 'content';

export interface Passage {
  /** Position in lesson order. */
  index: number;
  section: PassageSection;
  /** The heading the passage sits under, if any: ranked with it, quoted with it. */
  heading: string | null;
  /** The passage's own text. */
  text: string;
}

/** A passage as it is ranked and quoted: `Heading: text`. */
export const passageText = (p: Passage): string => (p.heading ? `${p.heading}: ${p.text}` : p.text);

export interface RankedPassage {
  passage: Passage;
  score: number;
  /** Query terms (stems) found in the passage. */
  matched: string[];
}

export type Coverage = 'full' | 'partial' | 'none';

export interface Retrieval {
  /** Distinct stemmed terms of the question, with the word each came from. */
  query: Array<{ term: string; word: string }>;
  /** Passages with a positive score, best first. */
  ranked: RankedPassage[];
  coverage: Coverage;
  /** Question words the best passages do not contain (partial coverage). */
  missing: string[];
}

const STOP_WORDS = new Set(
  `
a about above after again against all also am an and any are aren as at be because been before being below between both but by
can cannot could couldn did didn do does doesn doing don down during each few for from further had hadn has hasn have haven having
he her here hers herself him himself his how i if in into is isn it its itself just let me more most much must mustn my myself no
nor not now of off on once only or other ought our ours ourselves out over own same shall shan she should shouldn so some such than
that the their theirs them themselves then there these they this those through to too under until up upon us very was wasn we were
weren what when where which while who whom whose why will with won would wouldn you your yours yourself yourselves
explain describe tell please define definition meaning mean means give show know lesson question answer thing things kind
work works working
`
    .split(/\s+/)
    .filter(Boolean),
);

const DOUBLE_END = /([^aeiouylsz])\1$/;

/** A light English suffix stripper: both sides of the match use it, so consistency beats linguistics. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  for (const [suffix, replacement, keep] of [
    ['ational', 'ate', 3],
    ['ization', 'ize', 3],
    ['fulness', 'ful', 3],
    ['iveness', 'ive', 3],
    ['ousness', 'ous', 3],
    ['ation', 'ate', 3],
    ['ness', '', 4],
    ['ment', '', 4],
    ['ingly', '', 4],
    ['edly', '', 4],
    ['ly', '', 5],
  ] as const) {
    if (s.endsWith(suffix) && s.length - suffix.length >= keep) {
      s = s.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  if (s.endsWith('ing') && s.length > 5) s = s.slice(0, -3).replace(DOUBLE_END, '$1');
  else if (s.endsWith('ed') && s.length > 4) s = s.slice(0, -2).replace(DOUBLE_END, '$1');
  if (s.endsWith('e') && s.length > 4) s = s.slice(0, -1);
  return s;
}

/** Words of a text with their terms: case and accents folded, stop words dropped, stemmed. */
export function analyse(text: string): Array<{ term: string; word: string }> {
  const words =
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w))).map((word) => ({ term: stem(word), word }));
}

export const terms = (text: string): string[] => analyse(text).map((t) => t.term);

/** Markdown and HTML reduced to readable text, line structure kept. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*(```|~~~).*$/gm, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|\s)[*_]([^*_\n]+)[*_](?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Sentences of a passage (a full stop, question or exclamation mark followed by space ends one). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"'“(])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

const MAX_PASSAGE_CHARS = 700;
const TARGET_PASSAGE_CHARS = 450;

/** Long paragraphs become several passages, cut between sentences. */
function chunk(text: string): string[] {
  if (text.length <= MAX_PASSAGE_CHARS) return [text];
  const out: string[] = [];
  let current = '';
  for (const s of sentences(text)) {
    if (current && current.length + 1 + s.length > TARGET_PASSAGE_CHARS) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${s}` : s;
  }
  if (current) out.push(current);
  // A single sentence longer than the limit stays whole: cutting it would lose its meaning.
  return out;
}

/**
 * The passages of a lesson, in order: the title, the description's paragraphs, then the
 * content's paragraphs. Each paragraph keeps the heading it sits under (every paragraph of the
 * section, so a question naming the section finds them); list items stay in their list.
 */
export function splitPassages(lesson: LessonText): Passage[] {
  const out: Array<Omit<Passage, 'index'>> = [{ section: 'title', heading: null, text: lesson.title.trim() }];
  const blocks = (text: string): Array<{ heading: string | null; text: string }> => {
    const result: Array<{ heading: string | null; text: string }> = [];
    let heading: string | null = null;
    let lines: string[] = [];
    const flush = () => {
      const body = lines.join(' ').replace(/\s+/g, ' ').trim();
      if (body) for (const part of chunk(body)) result.push({ heading, text: part });
      lines = [];
    };
    for (const raw of plainText(text).split('\n')) {
      const line = raw.trim();
      const h = /^#{1,6}\s+(.*)$/.exec(line);
      if (h) {
        flush();
        heading = h[1]!.replace(/#+\s*$/, '').trim() || null;
      } else if (!line) {
        flush();
      } else {
        lines.push(line.replace(/^([-*+]|\d+[.)])\s+/, ''));
      }
    }
    flush();
    return result;
  };
  if (lesson.description?.trim()) for (const b of blocks(lesson.description)) out.push({ section: 'description', ...b });
  if (lesson.content?.trim()) for (const b of blocks(lesson.content)) out.push({ section: 'content', ...b });
  return out.filter((p) => p.text).map((p, index) => ({ ...p, index }));
}

/** Sentence openings that refer to the sentence before. */
const ANAPHORA = /^(this|that|these|those|it|its|they|their|he|she|such|so|thus|therefore|however)\b/i;

const K1 = 1.2;
const NAME_BOOST = 1.5;
const B = 0.75;

/** Inverse document frequency of every term of the passages (BM25's, never negative). */
function idfOf(docs: string[][]): (term: string) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return (term) => Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5));
}

/**
 * BM25 ranking of the passages against the question, and how well the best passages cover it:
 * `none` when they share no term with the question or fewer than a third of its terms, `partial`
 * when some question words appear nowhere in them, else `full`.
 */
export function retrieve(passages: readonly Passage[], question: string, topK = 3): Retrieval {
  const seen = new Set<string>();
  const query = analyse(question).filter((q) => !seen.has(q.term) && seen.add(q.term));
  // Capitalised words inside the question are names and terms of the subject ("the Calvin
  // cycle"): they say more about what is asked than the common words around them.
  const named = new Set(
    (question.match(/[\p{L}\p{N}]+/gu) ?? [])
      .slice(1)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => terms(w)[0])
      .filter(Boolean),
  );
  const weight = (term: string) => (named.has(term) ? NAME_BOOST : 1);
  const docs = passages.map((p) => terms(passageText(p)));
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length) || 1;
  const idf = idfOf(docs);
  const ranked: RankedPassage[] = [];
  docs.forEach((doc, i) => {
    const tf = new Map<string, number>();
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    const matched: string[] = [];
    for (const { term } of query) {
      const f = tf.get(term) ?? 0;
      if (!f) continue;
      matched.push(term);
      score += weight(term) * idf(term) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / avgdl)));
    }
    if (score > 0) ranked.push({ passage: passages[i]!, score, matched });
  });
  ranked.sort((a, b) => b.score - a.score || a.passage.index - b.passage.index);

  const top = ranked.slice(0, topK);
  const covered = new Set(top.flatMap((r) => r.matched));
  const missing = query.filter((q) => !covered.has(q.term)).map((q) => q.word);
  let coverage: Coverage = 'full';
  if (query.length === 0 || covered.size === 0 || covered.size / query.length < 1 / 3) coverage = 'none';
  else if (missing.length > 0) coverage = 'partial';
  return { query, ranked, coverage, missing: coverage === 'partial' ? missing : [] };
}

/**
 * The sentences that answer best: from the passages scoring at least 40 % of the best one (at
 * most `maxPassages`), the `maxSentences` sentences carrying the most question weight, in
 * lesson order. A passage that matched only through its heading contributes its first sentence.
 */
export function answerSentences(passages: readonly Passage[], retrieval: Retrieval, maxSentences = 3, maxPassages = 2): string[] {
  const best = retrieval.ranked[0];
  if (!best) return [];
  const idf = idfOf(passages.map((p) => terms(passageText(p))));
  const chosen = retrieval.ranked.filter((r) => r.score >= best.score * 0.4 && r.passage.section !== 'title').slice(0, maxPassages);
  const queryTerms = new Set(retrieval.query.map((q) => q.term));
  const candidates: Array<{ text: string; weight: number; passage: number; position: number }> = [];
  for (const r of chosen) {
    const parts = sentences(r.passage.text);
    let any = false;
    parts.forEach((text, position) => {
      const weight = [...new Set(terms(text))].filter((t) => queryTerms.has(t)).reduce((s, t) => s + idf(t), 0);
      if (weight > 0) {
        any = true;
        candidates.push({ text, weight, passage: r.passage.index, position });
      }
    });
    if (!any && parts[0]) candidates.push({ text: parts[0], weight: 0, passage: r.passage.index, position: 0 });
  }
  // Sentences far weaker than the best one are context-free fragments ("It does not…"): left out.
  const top = Math.max(0, ...candidates.map((c) => c.weight));
  const picked = candidates
    .filter((c) => c.weight >= top * 0.5)
    .sort((a, b) => b.weight - a.weight || a.passage - b.passage || a.position - b.position)
    .slice(0, maxSentences);
  // A lone sentence needs a neighbour: the one before when it points back ("That is why…"),
  // else the one after (a topic sentence is followed by its detail), else the one before.
  if (picked.length === 1) {
    const only = picked[0]!;
    const all = sentences(chosen.find((r) => r.passage.index === only.passage)!.passage.text);
    const back = ANAPHORA.test(only.text) || only.position + 1 >= all.length;
    const position = back ? only.position - 1 : only.position + 1;
    if (all[position]) picked.push({ text: all[position]!, weight: 0, passage: only.passage, position });
  }
  return picked.sort((a, b) => a.passage - b.passage || a.position - b.position).map((c) => c.text);
}

/** A passage shortened for display, cut at a word boundary. */
export function excerpt(text: string, maxChars = 300): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The lesson text for a language model, at most `maxChars`: whole when it fits, else the
 * best-ranked passages (then the leading ones), given back in lesson order.
 */
export function contextPassages(passages: readonly Passage[], retrieval: Retrieval, maxChars: number): Passage[] {
  const size = (p: Passage) => passageText(p).length + 2;
  const total = passages.reduce((s, p) => s + size(p), 0);
  if (total <= maxChars) return [...passages];
  const order = [...retrieval.ranked.map((r) => r.passage), ...passages];
  const picked = new Map<number, Passage>();
  let used = 0;
  for (const p of order) {
    if (picked.has(p.index)) continue;
    if (used + size(p) > maxChars) continue;
    picked.set(p.index, p);
    used += size(p);
  }
  return [...picked.values()].sort((a, b) => a.index - b.index);
}
