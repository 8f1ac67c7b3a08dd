import type { Harness } from '../../support/harness.js';
import { seedGradedAttempts } from '../../../bench/quiz-attempts-seed.js';

/** Many graded attempts straight into the tables (bulk SQL), for paging and statistics tests. */
export async function seedAttempts(h: Harness, tenantId: string, quizId: string, _questionId: string, count: number): Promise<void> {
  await seedGradedAttempts(h.app.db.knex, tenantId, quizId, count);
}
