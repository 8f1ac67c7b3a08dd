import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { MailEvent } from '../mail-ports.js';
import { scopedMailFilter, type MailerLogDeps } from '../mailer-log-scope.js';

/** `GET /api/mailer-logs/:id`: one callback, if the caller may see it (else 404). */
export const makeGetMailerLog =
  (d: MailerLogDeps) =>
  async (actor: Actor, id: string): Promise<Result<MailEvent, 'MAIL_EVENT_NOT_FOUND'>> => {
    const e = await d.mailEventRepository.findById(actor.tenantId, id);
    if (!e) return err('MAIL_EVENT_NOT_FOUND');
    const f = await scopedMailFilter(d, actor, {});
    return f && (f.email === undefined || f.email === e.email) ? ok(e) : err('MAIL_EVENT_NOT_FOUND');
  };
