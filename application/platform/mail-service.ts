import type { Clock, IdGenerator, Jobs } from '../shared/ports.js';
import type { MailRepository, Mailer, OutgoingMail } from './ports.js';

export const DELIVER_MAIL_JOB = 'mail.deliver';
export const RELAY_MAIL_JOB = 'mail.relay';

/** Same options for the first enqueue and a relay: the job id makes a second enqueue a no-op. */
export const deliverMailJobOptions = (id: string) => ({ attempts: 5, backoffMs: 2000, jobId: `mail-${id}` });

type Deps = { mailRepository: MailRepository; jobs: Jobs; clock: Clock; ids: IdGenerator; mailDomain: string };

/**
 * Records the mail (in the caller's unit of work, if any) and enqueues its delivery; the job is
 * deferred until commit, so a rolled-back change sends nothing and a committed one is never lost.
 */
export const makeMailer = ({ mailRepository, jobs, clock, ids, mailDomain }: Deps): Mailer => ({
  async send(tenantId: string, mail: OutgoingMail) {
    const id = ids.uuid();
    const messageId = `<${id}@${mailDomain}>`;
    await mailRepository.insert({
      id,
      tenantId,
      messageId,
      to: mail.to.trim().toLowerCase(),
      subject: mail.subject,
      text: mail.text ?? null,
      html: mail.html ?? null,
      template: mail.template ?? null,
      attachments: mail.attachments ?? [],
      status: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: clock.now(),
      sentAt: null,
    });
    await jobs.enqueue(DELIVER_MAIL_JOB, { id }, deliverMailJobOptions(id));
    return { id, messageId };
  },
});
