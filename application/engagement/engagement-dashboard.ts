import { localDate } from '../../domain/engagement/time-zone.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { EngagementDeps } from './deps.js';
import { scheduleItemView } from './presenters.js';

const TODAY_LIMIT = 20;

/**
 * The `engagement` section of `GET /api/dashboard/overview`, for every role: today's schedule
 * items (today in SCHEDULE_TIMEZONE, else UTC) and unread chat messages.
 */
export const makeEngagementDashboard = (
  d: Pick<EngagementDeps, 'scheduleItemRepository' | 'chatRepository' | 'engagementOptions' | 'clock'>,
): DashboardContributor => ({
  section: 'engagement',
  async contribute(actor) {
    const today = localDate(d.clock.now(), d.engagementOptions.timeZone);
    const [items, unread] = await Promise.all([
      d.scheduleItemRepository.listForUser(actor.tenantId, actor.userId, { from: today, to: today }, { page: 1, pageSize: TODAY_LIMIT }),
      d.chatRepository.unreadTotals(actor.tenantId, actor.userId),
    ]);
    return {
      today: { date: today, total: items.total, items: items.items.map(scheduleItemView) },
      unread_messages: unread.messages,
      unread_conversations: unread.conversations,
    };
  },
});
