import { expect } from 'chai';
import type { Question, QuestionOption } from '../../../domain/assessment/question.js';
import {
  analyseQuestionResponses,
  type QuestionResponseAnalysis,
  type ResponseTally,
} from '../../../domain/assessment/response-analysis.js';
import {
  MemoryAssessmentState,
  MemoryAttemptRepository,
  MemoryQuestionBankRepository,
  MemoryQuestionRepository,
  MemoryQuizRepository,
} from '../../../adapters/persistence/memory/assessment.memory.js';
import { MemoryResponseCountsReader } from '../../../adapters/persistence/memory/response-counts.memory.js';
import { makeGetResponseAnalysis } from '../../../application/assessment/use-cases/get-response-analysis.usecase.js';
import {
  countedTries,
  MATCH_STEMS,
  moodleTries,
  QUESTIONS01,
  replay01,
  replayedCount,
  RESPONSECOUNTS01,
  type MoodleTry,
  type RandQ,
} from '../../support/moodle-fixture-01.js';

/*
 * Moodle's response analysis fixture 01 (responsecounts01.csv), replayed: the tries Moodle's
 * interactive behaviour records from steps01 are classified by our analysis, try by try, and every
 * row's model response and count must be Moodle's: slot 1 (a random slot: per drawn question) at
 * each try and in total, slot 3 (matching, per stem) and slot 4 (true/false) at the first try.
 */

const at = new Date(0);
const option = (id: string, text: string, extra: Partial<QuestionOption> = {}): QuestionOption => ({
  id,
  text,
  isCorrect: false,
  ...extra,
});
const question = (id: string, type: Question['type'], options: QuestionOption[]): Question => ({
  id,
  tenantId: 't',
  quizId: 'quiz',
  type,
  text: id,
  points: 1,
  order: 1,
  options,
  createdAt: at,
  updatedAt: at,
});

const QUESTION: Record<RandQ | 'match' | 'truefalse', Question> = {
  shortanswer: question(
    'shortanswer',
    'short_answer',
    QUESTIONS01.shortanswer.options.map((o, i) => option(`sa${i}`, o.option_text, { weight: o.weight, isCorrect: o.weight > 0 })),
  ),
  numerical: question(
    'numerical',
    'numerical',
    QUESTIONS01.numerical.options.map((o, i) =>
      option(`n${i}`, o.option_text, { weight: o.weight, isCorrect: o.weight > 0, tolerance: 0 }),
    ),
  ),
  match: question(
    'match',
    'matching',
    QUESTIONS01.match.options.map((o, i) =>
      option(`m${i}`, o.option_text, { match: o.match, matchId: `c-${o.match}`, isCorrect: !!o.option_text }),
    ),
  ),
  truefalse: question('truefalse', 'true_false', [option('true', 'True', { isCorrect: true }), option('false', 'False')]),
};

/** Our answer elements for a Moodle response: the text (slot 1), stem:choice pairs (slot 3), the option id (slot 4). */
const elements = (slot: 1 | 3 | 4, response: readonly string[]): string[] =>
  slot === 1
    ? [response[0]!]
    : slot === 3
      ? response.flatMap((choice, i) => (choice ? [`m${i}:c-${choice}`] : []))
      : [response[0] === '1' ? 'true' : 'false'];

function analyse(slot: 1 | 3 | 4, q: Question, tries: readonly MoodleTry[]): QuestionResponseAnalysis {
  const tallies = new Map<string, ResponseTally>();
  for (const t of tries)
    for (const e of elements(slot, t.response)) {
      const row = tallies.get(e) ?? { questionId: q.id, response: e, count: 0 };
      row.count += 1;
      tallies.set(e, row);
    }
  return analyseQuestionResponses(q, tries.length, [...tallies.values()]);
}

/** The count our analysis gives a row: its model response's (when Moodle lists no actual response) or the actual response's. */
function countOf(a: QuestionResponseAnalysis, subpart: number, model: string, actual: string): number {
  const c = a.subparts[subpart - 1]!.classes.find((x) => x.label === model);
  expect(c, `model response ${model}`).to.not.equal(undefined);
  return actual ? (c!.responses.find((r) => r.response === actual)?.count ?? 0) : c!.count;
}

/** Moodle's model responses of a question, in its order, per subpart. */
const models = (slot: number, randq: string) =>
  [...new Set(RESPONSECOUNTS01.filter((r) => r[0] === slot && r[1] === randq).map((r) => r[2]))].map((subpart) => [
    ...new Set(RESPONSECOUNTS01.filter((r) => r[0] === slot && r[1] === randq && r[2] === subpart).map((r) => r[3])),
  ]);

describe("assessment: Moodle's analysis of responses (fixture 01)", () => {
  const slot1 = countedTries(moodleTries(1));

  it('labels the model responses as Moodle does: answers, numbers with their interval, stem: choice, True/False, [No response]', () => {
    for (const randq of ['shortanswer', 'numerical'] as const) {
      expect(analyse(1, QUESTION[randq], []).subparts.map((s) => s.classes.map((c) => c.label))).to.deep.equal(models(1, randq));
    }
    const match = analyse(3, QUESTION.match, []);
    expect(match.subparts.map((s) => s.label)).to.deep.equal(MATCH_STEMS);
    expect(match.subparts.map((s) => s.classes.map((c) => c.label))).to.deep.equal(models(3, ''));
    expect(analyse(4, QUESTION.truefalse, []).subparts.map((s) => s.classes.map((c) => c.label))).to.deep.equal(models(4, ''));
    // Credits: Moodle's fractions (a right stem is worth 1/3 of a matching question of three).
    expect(analyse(1, QUESTION.shortanswer, []).subparts[0]!.classes.map((c) => c.credit)).to.deep.equal([1, 0.8, 0, 0]);
    expect(match.subparts[0]!.classes.map((c) => c.credit)).to.deep.equal([0.3333333, 0, 0, 0]);
  });

  it('slot 1 (random): each drawn question counts every response at each try and in total as Moodle', () => {
    for (const randq of ['shortanswer', 'numerical'] as const) {
      const rows = RESPONSECOUNTS01.filter((r) => r[0] === 1 && r[1] === randq);
      for (let t = 1; t <= 5; t++) {
        const a = analyse(
          1,
          QUESTION[randq],
          slot1.filter((x) => x.randq === randq && x.try === t),
        );
        for (const r of rows) expect(countOf(a, r[2], r[3], r[4]), `${randq} ${r[3]} ${r[4]} at try ${t}`).to.equal(r[4 + t]);
      }
      const all = analyse(
        1,
        QUESTION[randq],
        slot1.filter((x) => x.randq === randq),
      );
      for (const r of rows) expect(countOf(all, r[2], r[3], r[4]), `${randq} ${r[3]} ${r[4]} in total`).to.equal(r[10]);
    }
    // Without Moodle's rule for a response repeated at a later try, snake would count twice.
    const repeated = analyse(
      1,
      QUESTION.shortanswer,
      moodleTries(1).filter((x) => x.randq === 'shortanswer'),
    );
    expect(countOf(repeated, 1, '*', 'snake')).to.equal(2);
  });

  it("slots 3 (matching, per stem) and 4 (true/false): the first try's counts are Moodle's", () => {
    const match = analyse(
      3,
      QUESTION.match,
      moodleTries(3).filter((x) => x.try === 1),
    );
    const truefalse = analyse(4, QUESTION.truefalse, moodleTries(4));
    expect(match.attempts).to.equal(12);
    for (const r of RESPONSECOUNTS01.filter((x) => x[0] !== 1)) {
      const a = r[0] === 3 ? match : truefalse;
      expect(countOf(a, r[2], r[3], r[4]), `slot ${r[0]} ${r[3]}`).to.equal(r[5]);
    }
    expect(truefalse.subparts[0]!.classes.map((c) => [c.label, c.count])).to.deep.equal([
      ['False', 3],
      ['True', 9],
      ['[No response]', 0],
    ]);
  });

  it('the memory store and the use case count the replayed attempts: totals of slot 1, first tries of slots 3 and 4', async () => {
    const s = new MemoryAssessmentState();
    const { attempts: replayed, extraReplays } = replay01();
    s.quizzes.set('quiz', { id: 'quiz', tenantId: 't' } as never);
    const store = (q: Question, quizId: string | null) => s.questions.set(q.id, { ...q, quizId } as Question);
    store(QUESTION.match, 'quiz');
    store({ ...QUESTION.truefalse, order: 2 }, 'quiz');
    store(QUESTION.shortanswer, null);
    store(QUESTION.numerical, null);
    replayed.forEach((r, i) => {
      const id = `a${i}`;
      s.attempts.set(id, {
        id,
        tenantId: 't',
        quizId: 'quiz',
        userId: `u${i}`,
        attemptNumber: 1,
        status: 'submitted',
        deadlineAt: null,
      } as never);
      const answer = (questionId: string, value: string[] | null) =>
        s.answers.set(`${id}:${questionId}`, { tenantId: 't', attemptId: id, questionId, answer: value } as never);
      answer(r.randq, [r.slot1]);
      answer('match', r.slot3 && elements(3, r.slot3));
      answer('truefalse', r.slot4 && elements(4, [r.slot4]));
    });
    // An attempt in progress is not counted.
    s.attempts.set('open', {
      id: 'open',
      tenantId: 't',
      quizId: 'quiz',
      userId: 'x',
      attemptNumber: 1,
      status: 'in_progress',
      deadlineAt: null,
    } as never);
    s.answers.set('open:truefalse', { tenantId: 't', attemptId: 'open', questionId: 'truefalse', answer: ['true'] } as never);
    const use = makeGetResponseAnalysis({
      quizRepository: new MemoryQuizRepository(s),
      questionRepository: new MemoryQuestionRepository(s),
      attemptRepository: new MemoryAttemptRepository(s),
      questionBankRepository: new MemoryQuestionBankRepository(s),
      responseCountsReader: new MemoryResponseCountsReader(s),
      evaluateCourseCompletion: async () => ({ completed: false }) as never,
      clock: { now: () => new Date() },
      uow: { run: async <T>(f: () => Promise<T>) => f() } as never,
    });
    const result = await use({ tenantId: 't', userId: 'admin', role: 90 as never, homeTenantId: 't' }, 'quiz', 'all');
    expect(result.ok).to.equal(true);
    const r = result.ok ? result.value : null;
    expect(r!.questions.map((q) => q.question.id)).to.deep.equal(['match', 'truefalse']);
    expect(r!.drawn.map((q) => q.question.id).sort()).to.deep.equal(['numerical', 'shortanswer']);
    const of = (row: (typeof RESPONSECOUNTS01)[number]) =>
      (row[0] === 1 ? r!.drawn.find((q) => q.question.id === row[1]) : r!.questions[row[0] === 3 ? 0 : 1])!.analysis;
    for (const row of RESPONSECOUNTS01)
      expect(countOf(of(row), row[2], row[3], row[4]), `${row.join()}`).to.equal(replayedCount(row, extraReplays));
    expect(extraReplays).to.equal(12);
  });
});

describe("assessment: the analysis of an ordering question (qtype_ordering's)", () => {
  const WORDS = ['Modular', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Environment'];
  const ordering = question(
    'order',
    'ordering',
    WORDS.map((w) => option(w.toLowerCase(), w, { isCorrect: true })),
  );

  it("lists a subpart per item, a class per position worth 1/6 at the item's correct one (test_get_possible_responses)", () => {
    const a = analyseQuestionResponses(ordering, 0, []);
    expect(a.subparts.map((s) => s.label)).to.deep.equal(WORDS);
    for (const [i, s] of a.subparts.entries()) {
      expect(s.classes.map((c) => c.label)).to.deep.equal([...WORDS.map((_, p) => `Position ${p + 1}`), '[No response]']);
      expect(s.classes.map((c) => c.credit)).to.deep.equal([...WORDS.map((_, p) => (p === i ? 0.1666667 : 0)), 0]);
    }
  });

  it('counts each item under the position it was put in, from both stores alike', async () => {
    // Two attempts in the right order, one with the first two swapped, one with no answer.
    const right = WORDS.map((w) => w.toLowerCase());
    const swapped = [right[1]!, right[0]!, ...right.slice(2)];
    const answers = [right, right, swapped, null];
    const s = new MemoryAssessmentState();
    s.quizzes.set('quiz', { id: 'quiz', tenantId: 't' } as never);
    s.questions.set('order', ordering);
    for (const [i, answer] of answers.entries()) {
      s.attempts.set(`a${i}`, {
        id: `a${i}`,
        tenantId: 't',
        quizId: 'quiz',
        userId: `u${i}`,
        status: 'submitted',
        attemptNumber: 1,
        deadlineAt: null,
      } as never);
      s.answers.set(`a${i}:order`, { tenantId: 't', attemptId: `a${i}`, questionId: 'order', answer } as never);
    }
    const counts = await new MemoryResponseCountsReader(s).responseCounts('t', 'quiz', 'all');
    const tallies = counts.responses.filter((r) => r.questionId === 'order');
    const a = analyseQuestionResponses(ordering, counts.questions.find((q) => q.questionId === 'order')!.attempts, tallies);
    const countsOf = (i: number) => a.subparts[i]!.classes.map((c) => c.count);
    expect(countsOf(0)).to.deep.equal([2, 1, 0, 0, 0, 0, 1]); // Modular: first twice, second once, no response once
    expect(countsOf(1)).to.deep.equal([1, 2, 0, 0, 0, 0, 1]);
    expect(countsOf(5)).to.deep.equal([0, 0, 0, 0, 0, 3, 1]);
    expect(a.subparts[0]!.classes[1]!.responses).to.deep.equal([{ response: 'Position 2', count: 1 }]);
  });
});
