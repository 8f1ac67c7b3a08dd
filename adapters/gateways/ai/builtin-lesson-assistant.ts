import { answerSentences, excerpt, passageText, retrieve, splitPassages, type Retrieval } from '../../../domain/engagement/passages.js';
import type { AssistantSource } from '../../../domain/engagement/assistant.js';
import type { LessonAssistant } from '../../../application/engagement/ports/lesson-assistant.js';
import { ok } from '../../../application/shared/result.js';

const quoteList = (words: string[]): string => {
  const q = words.slice(0, 4).map((w) => `"${w}"`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
};

/** The best passages (not the bare title) as sources, lesson text shortened for display. */
export const sourcesOf = (retrieval: Retrieval, max = 3): AssistantSource[] =>
  retrieval.ranked
    .filter((r) => r.passage.section !== 'title')
    .slice(0, max)
    .map((r) => ({ excerpt: excerpt(passageText(r.passage)) }));

/**
 * `AI_PROVIDER=builtin`: no network, no model. It ranks the lesson's passages against the
 * question (BM25, domain/engagement/passages.ts) and answers with the sentences that carry the
 * question's words, quoting the passages as sources. When the lesson does not cover the
 * question it says so rather than guess; when it covers only part, it names what is missing.
 */
export const builtinLessonAssistant: LessonAssistant = {
  async answer({ lesson, question }) {
    const passages = splitPassages(lesson);
    const title = lesson.title.trim();
    if (passages.every((p) => p.section === 'title')) {
      return ok({ reply: `The lesson "${title}" has no written text I can answer from. Please ask your mentor about it.`, sources: [] });
    }
    const retrieval = retrieve(passages, question);
    if (retrieval.coverage === 'none') {
      return ok({
        reply:
          `The lesson "${title}" does not cover this question, so I cannot answer it from the lesson. Try asking ` +
          `about something the lesson discusses, or ask your mentor.`,
        sources: [],
      });
    }
    let sentences = answerSentences(passages, retrieval);
    if (sentences.length === 0) {
      // Only the title matched: the topic is the lesson's, so its opening is the best answer.
      const first = passages.find((p) => p.section !== 'title')!;
      sentences = [first.text];
    }
    const lead =
      retrieval.coverage === 'partial'
        ? `The lesson "${title}" does not mention ${quoteList(retrieval.missing)}. Here is what it says that comes closest to your question:`
        : `According to the lesson "${title}":`;
    const sources = sourcesOf(retrieval);
    return ok({ reply: `${lead} ${sentences.join(' ')}`, sources: sources.length ? sources : [{ excerpt: excerpt(sentences.join(' ')) }] });
  },
};
