import type { makeExpireSubscriptions } from '../../application/commerce/use-cases/expire-subscriptions.usecase.js';
import type { JobDefinition } from './job-queue.js';

export const EXPIRE_SUBSCRIPTIONS_JOB = 'commerce.expire-subscriptions';

/** Periodic (AppModule `schedules`): one conditional UPDATE, idempotent. */
export const makeExpireSubscriptionsJob = ({
  expireSubscriptions,
}: {
  expireSubscriptions: ReturnType<typeof makeExpireSubscriptions>;
}): JobDefinition => ({
  name: EXPIRE_SUBSCRIPTIONS_JOB,
  handle: async () => {
    await expireSubscriptions();
  },
});
