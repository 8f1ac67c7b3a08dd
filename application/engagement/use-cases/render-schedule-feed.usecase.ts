import { renderCalendar } from '../../../domain/engagement/icalendar.js';
import { addDays } from '../../../domain/engagement/schedule.js';
import { localDate } from '../../../domain/engagement/time-zone.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

const TOKEN = /^[0-9a-f]{64}$/;
/** Enough for a busy year; a feed is not an export. */
const MAX_EVENTS = 5000;

/**
 * The iCalendar feed of the user a token belongs to (public route: the token is the
 * credential, and names the tenant). Unknown tokens, revoked ones and those of deactivated or
 * deleted users are all "not found".
 */
export const makeRenderScheduleFeed =
  (
    d: Pick<
      EngagementDeps,
      'feedTokenRepository' | 'scheduleItemRepository' | 'userRepository' | 'secretDigest' | 'engagementOptions' | 'clock'
    >,
  ) =>
  async (token: string): Promise<Result<string, 'FEED_NOT_FOUND'>> => {
    if (!TOKEN.test(token)) return err('FEED_NOT_FOUND');
    const found = await d.feedTokenRepository.findByHash(d.secretDigest.digest(token));
    if (!found) return err('FEED_NOT_FOUND');
    const user = await d.userRepository.findById(found.tenantId, found.userId);
    if (!user || user.status !== 1 || user.deletedAt) return err('FEED_NOT_FOUND');
    const o = d.engagementOptions;
    const today = localDate(d.clock.now(), o.timeZone);
    const items = await d.scheduleItemRepository.allForUser(
      found.tenantId,
      found.userId,
      { from: addDays(today, -o.feedPastDays), to: addDays(today, o.feedFutureDays) },
      MAX_EVENTS,
    );
    return ok(
      renderCalendar(
        items.map((i) => ({
          uid: `${i.id}@${o.uidDomain}`,
          date: i.date,
          startTime: i.startTime,
          endTime: i.endTime,
          summary: i.title,
          description: i.description,
          created: i.createdAt,
          lastModified: i.updatedAt,
        })),
        { prodId: '-//LMS//Schedule 1.0//EN', name: `${user.displayName}: schedule`, timeZone: o.timeZone, refreshMinutes: 60 },
      ),
    );
  };
