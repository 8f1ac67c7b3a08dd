import { RELAY_MAIL_JOB } from '../../application/platform/mail-service.js';
import type { makeRelayQueuedMail } from '../../application/platform/use-cases/relay-queued-mail.usecase.js';
import type { JobDefinition } from './job-queue.js';

export const makeRelayMailJob = ({ relayQueuedMail }: { relayQueuedMail: ReturnType<typeof makeRelayQueuedMail> }): JobDefinition => ({
  name: RELAY_MAIL_JOB,
  handle: async () => {
    await relayQueuedMail();
  },
});
