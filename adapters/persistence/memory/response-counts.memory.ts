import type { AttemptSelection } from '../../../application/assessment/ports/quiz-results-reader.js';
import type { ResponseCounts, ResponseCountsReader } from '../../../application/assessment/ports/response-counts-reader.js';
import { isAnalysed, orderingElement } from '../../../domain/assessment/response-analysis.js';
import { selectedAttempts, type MemoryAssessmentState } from './assessment.memory.js';

/** The SQL reader's counts from the memory store: per question the attempts, per answer element the count. */
export class MemoryResponseCountsReader implements ResponseCountsReader {
  constructor(private readonly s: MemoryAssessmentState) {}
  async responseCounts(tenantId: string, quizId: string, selection: AttemptSelection): Promise<ResponseCounts> {
    const attempts = new Set(selectedAttempts(this.s, tenantId, quizId, selection).map((a) => a.id));
    const perQuestion = new Map<string, number>();
    const perResponse = new Map<string, { questionId: string; response: string | null; count: number }>();
    for (const x of this.s.answers.values()) {
      const q = this.s.questions.get(x.questionId);
      if (x.tenantId !== tenantId || !attempts.has(x.attemptId) || !q || q.tenantId !== tenantId || !isAnalysed(q.type)) continue;
      perQuestion.set(x.questionId, (perQuestion.get(x.questionId) ?? 0) + 1);
      const given = q.type === 'ordering' ? x.answer?.map((item, i) => orderingElement(item, i + 1)) : x.answer;
      const elements = given?.length ? given : [null];
      for (const response of elements) {
        const key = JSON.stringify([x.questionId, response]);
        const row = perResponse.get(key) ?? { questionId: x.questionId, response, count: 0 };
        row.count += 1;
        perResponse.set(key, row);
      }
    }
    return {
      questions: [...perQuestion].map(([questionId, n]) => ({ questionId, attempts: n })),
      responses: [...perResponse.values()],
    };
  }
}
