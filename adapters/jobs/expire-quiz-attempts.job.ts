import {
  EXPIRE_ATTEMPTS_JOB,
  type makeExpireOverdueAttempts,
} from '../../application/assessment/use-cases/expire-overdue-attempts.usecase.js';
import type { JobDefinition } from './job-queue.js';

/**
 * Periodic: grades the attempts whose deadline passed while nobody looked (contract §6). No payload;
 * idempotent (each attempt is graded once under its row lock), so redelivery and overlapping runs
 * on several workers are harmless.
 */
export const makeExpireQuizAttemptsJob = ({
  expireOverdueAttempts,
}: {
  expireOverdueAttempts: ReturnType<typeof makeExpireOverdueAttempts>;
}): JobDefinition => ({
  name: EXPIRE_ATTEMPTS_JOB,
  handle: async () => {
    await expireOverdueAttempts();
  },
});
