import { localDate } from '../../domain/engagement/time-zone.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { EngagementDeps } from './deps.js';

import type { ScheduleItem } from '../../domain/engagement/schedule.js';

const TODAY_LIMIT = 20;

/** The `engagement` section: today's first schedule items (of `total`) and what is unread. */
export interface EngagementSection {
  today: { date: string; total: number; items: ScheduleItem[] };
  unreadMessages: number;
  unreadConversations: number;
}

/**
 * The `engagement` section of `GET /api/dashboard/overview`, for every role: today's schedule
 * items (today in SCHEDULE_TIMEZONE, else UTC) and unread chat messages.
 */
export const makeEngagementDashboard = (
  d: Pick<EngagementDeps, 'scheduleItemRepository' | 'chatRepository' | 'engagementOptions' | 'clock'>,
): DashboardContributor<EngagementSection> => ({
  section: 'engagement',
  async contribute(actor) {
    const today = localDate(d.clock.now(), d.engagementOptions.timeZone);
    const [items, unread] = await Promise.all([
      d.scheduleItemRepository.listForUser(actor.tenantId, actor.userId, { from: today, to: today }, { page: 1, pageSize: TODAY_LIMIT }),
      d.chatRepository.unreadTotals(actor.tenantId, actor.userId),
    ]);
    return {
      today: { date: today, total: items.total, items: items.items },
      unreadMessages: unread.messages,
      unreadConversations: unread.conversations,
    };
  },
});
