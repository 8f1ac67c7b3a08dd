import { z } from 'zod';
import { PURGE_TENANT_JOB } from '../../application/identity/tenant-admin.js';
import type { makePurgeTenant } from '../../application/identity/use-cases/purge-tenant.usecase.js';
import type { JobDefinition } from './job-queue.js';

const Payload = z.object({ tenantId: z.uuid() });

/** One tenant's deletion; retried with backoff, every run resuming from the rows still there. */
export const makePurgeTenantJob = ({ purgeTenant }: { purgeTenant: ReturnType<typeof makePurgeTenant> }): JobDefinition => ({
  name: PURGE_TENANT_JOB,
  handle: async (payload) => {
    await purgeTenant(Payload.parse(payload).tenantId);
  },
});
