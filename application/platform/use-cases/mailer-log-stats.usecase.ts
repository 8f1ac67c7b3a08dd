import { mailStats } from '../../../domain/platform/mail-events.js';
import type { Actor } from '../../shared/actor.js';
import type { MailEventFilter } from '../mail-ports.js';
import { scopedMailFilter, type MailerLogDeps } from '../mailer-log-scope.js';

/** `GET /api/mailer-logs/stats`: `{total, by_event}` over the same filters and scope as the list. */
export const makeMailerLogStats =
  (d: MailerLogDeps) =>
  async (actor: Actor, filter: MailEventFilter): Promise<ReturnType<typeof mailStats>> => {
    const f = await scopedMailFilter(d, actor, filter);
    return mailStats(f ? await d.mailEventRepository.countByEvent(actor.tenantId, f) : {});
  };
