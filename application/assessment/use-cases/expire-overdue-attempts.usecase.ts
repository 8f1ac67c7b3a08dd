import type { AssessmentDeps } from '../deps.js';
import { closeAttempt } from '../attempt-grading.js';

export const EXPIRE_ATTEMPTS_JOB = 'assessment.expire-attempts';
const BATCH = 200;

/**
 * The periodic sweep (contract §6: an attempt past its deadline is graded with what it has and
 * becomes expired, even if nobody opens it again): every overdue attempt of every tenant, in
 * batches, each graded in its own unit of work under its row lock, so a run racing a submit or
 * another run grades each attempt once. Answers how many it graded.
 */
export const makeExpireOverdueAttempts =
  (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'evaluateCourseCompletion' | 'clock' | 'uow'>) =>
  async (maxBatches = 50): Promise<number> => {
    let graded = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const due = await d.attemptRepository.overdueInAllTenants(d.clock.now(), BATCH);
      let progressed = 0;
      for (const { tenantId, id } of due) if ((await closeAttempt(d, tenantId, id, 'expired'))?.graded) progressed++;
      graded += progressed;
      if (due.length < BATCH || progressed === 0) break;
    }
    return graded;
  };
