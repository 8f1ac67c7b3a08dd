import type { CommerceDeps } from '../deps.js';

/**
 * The periodic sweep (job `commerce.expire-subscriptions`): active subscriptions past `ends_at`
 * become `expired`. Their enrolments already closed at `ends_at` (the grant's `expires_at`).
 */
export const makeExpireSubscriptions = (d: Pick<CommerceDeps, 'subscriptionRepository' | 'clock' | 'log'>) => async (): Promise<number> => {
  const n = await d.subscriptionRepository.expireDue(d.clock.now());
  if (n > 0) d.log.info('commerce.subscriptions_expired', { count: n });
  return n;
};
