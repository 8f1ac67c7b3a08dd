import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { MailEvent, MailEventFilter } from '../mail-ports.js';
import { scopedMailFilter, type MailerLogDeps } from '../mailer-log-scope.js';

/** `GET /api/mailer-logs`: stored callbacks, newest first (a non-admin: their own address only). */
export const makeListMailerLogs =
  (d: MailerLogDeps) =>
  async (actor: Actor, filter: MailEventFilter, page: PageRequest): Promise<Page<MailEvent>> => {
    const f = await scopedMailFilter(d, actor, filter);
    return f ? d.mailEventRepository.list(actor.tenantId, f, page) : { items: [], total: 0, page: page.page, pageSize: page.pageSize };
  };
