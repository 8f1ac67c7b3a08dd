import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { addQuestion, enrolledStudent, quizWithRandCategory } from './assessment-fixtures.js';
import { MATCH_STEMS, QUESTIONS01, replay01, replayedCount, RESPONSECOUNTS01, type RandQ } from '../../support/moodle-fixture-01.js';

/*
 * Moodle's response analysis fixture 01 replayed through the API: slot 1 a real random slot over a
 * category holding its short answer and numerical questions, slots 3 (matching) and 4 (true/false)
 * fixed. Each of Moodle's counted tries becomes one graded attempt that drew the question
 * `randqs.1` names (a student whose attempt drew the other one leaves it in progress: it is not
 * counted), and `GET …/response-analysis` must give every row of responsecounts01 for slots 1, 3
 * and 4 (tests/support/moodle-fixture-01.ts says which count each row is held to).
 */

type ModelResponse = { model_response: string; count: number; actual_responses: Array<{ response: string; count: number }> };
type Analysed = { question_id: string; attempts: number; subparts: Array<{ label: string | null; responses: ModelResponse[] }> };

const countOf = (q: Analysed, subpart: number, model: string, actual: string): number => {
  const c = q.subparts[subpart - 1]!.responses.find((x) => x.model_response === model);
  expect(c, `model response ${model}`).to.not.equal(undefined);
  return actual ? (c!.actual_responses.find((r) => r.response === actual)?.count ?? 0) : c!.count;
};

describe("HTTP assessment: Moodle's analysis of responses (fixture 01, slot 1 a random slot)", () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('counts every response of the replayed attempts under its model response, per drawn question and per stem', async () => {
    const { admin, course, quizId, rand } = await quizWithRandCategory(h);
    const bank = {} as Record<RandQ, string>;
    for (const kind of ['shortanswer', 'numerical'] as const) {
      const res = await h.http.post(`/api/lms/admin/question-categories/${rand}/questions`).set(admin.headers).send(QUESTIONS01[kind]);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      bank[kind] = res.body.data.id as string;
    }
    await h.http.post(`/api/lms/admin/quizzes/${quizId}/random-slots`).set(admin.headers).send({ category_id: rand, count: 1 }).expect(200);
    const match = await addQuestion(h, admin, quizId, QUESTIONS01.match);
    const truefalse = await addQuestion(h, admin, quizId, QUESTIONS01.truefalse);
    await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers).expect(200);

    const { attempts, extraReplays } = replay01();
    for (const r of attempts) {
      for (;;) {
        const student = await enrolledStudent(h, admin, { course, quizId, questionIds: [], optionIds: [] });
        const start = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers);
        expect(start.status, JSON.stringify(start.body)).to.equal(200);
        const questions = start.body.data.questions as Array<{ id: string; choices?: Array<{ id: string; choice_text: string }> }>;
        if (questions[0]!.id !== bank[r.randq]) continue;
        const choices = questions.find((q) => q.id === match.id)!.choices!;
        const answers = [{ question_id: bank[r.randq], answer: [r.slot1] }];
        if (r.slot3)
          answers.push({
            question_id: match.id,
            answer: MATCH_STEMS.map(
              (stem, i) =>
                `${match.options.find((o) => o.option_text === stem)!.id}:${choices.find((c) => c.choice_text === r.slot3![i])!.id}`,
            ),
          });
        if (r.slot4) answers.push({ question_id: truefalse.id, answer: [truefalse.options[r.slot4 === '1' ? 0 : 1]!.id] });
        const submit = await h.http
          .post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`)
          .set(student.headers)
          .send({ answers });
        expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
        break;
      }
    }

    const res = await h.http.get(`/api/lms/admin/quizzes/${quizId}/response-analysis?attempts=all`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const data = res.body.data as {
      attempts_counted: string;
      questions: Analysed[];
      drawn_questions: Array<Analysed & { category_id: string }>;
    };
    expect(data.attempts_counted).to.equal('all');
    expect(data.questions.map((q) => q.question_id)).to.deep.equal([match.id, truefalse.id]);
    // Attempts left in progress (drew the other question) are not counted.
    expect(data.questions.map((q) => q.attempts)).to.deep.equal([attempts.length, attempts.length]);
    expect(data.questions[0]!.subparts.map((s) => s.label)).to.deep.equal(MATCH_STEMS);
    const drawn = (kind: RandQ) => data.drawn_questions.find((q) => q.question_id === bank[kind])!;
    for (const kind of ['shortanswer', 'numerical'] as const) {
      expect(drawn(kind)).to.include({ category_id: rand, attempts: attempts.filter((r) => r.randq === kind).length });
    }
    for (const row of RESPONSECOUNTS01) {
      const q = row[0] === 1 ? drawn(row[1] as RandQ) : data.questions[row[0] === 3 ? 0 : 1]!;
      expect(countOf(q, row[2], row[3], row[4]), row.join()).to.equal(replayedCount(row, extraReplays));
    }
    // The selection is the analytics' (one attempt per student here); the abandoned attempts, in progress, are counted by none.
    const first = await h.http.get(`/api/lms/admin/quizzes/${quizId}/response-analysis?attempts=first`).set(admin.headers).expect(200);
    expect(first.body.data.questions[1].attempts).to.equal(attempts.length);
    await h.http.get(`/api/lms/admin/quizzes/00000000-0000-4000-8000-000000000000/response-analysis`).set(admin.headers).expect(404);
  });
});
