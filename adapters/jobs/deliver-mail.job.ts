import { z } from 'zod';
import { DELIVER_MAIL_JOB } from '../../application/platform/mail-service.js';
import type { makeDeliverMail } from '../../application/platform/use-cases/deliver-mail.usecase.js';
import type { JobDefinition } from './job-queue.js';

const Payload = z.object({ id: z.uuid() });

export const makeDeliverMailJob = ({ deliverMail }: { deliverMail: ReturnType<typeof makeDeliverMail> }): JobDefinition => ({
  name: DELIVER_MAIL_JOB,
  handle: async (payload, { final }) => deliverMail(Payload.parse(payload).id, final),
});
