import { expect } from 'chai';
import { MemoryDeliveryRepository } from '../../../adapters/persistence/memory/crm.memory.js';
import { MemoryAuditLog, MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';
import { makeRelayPendingDeliveries } from '../../../application/crm/use-cases/relay-pending-deliveries.usecase.js';
import { makeRetryWebhookDelivery } from '../../../application/crm/use-cases/retry-webhook-delivery.usecase.js';
import type { Actor } from '../../../application/shared/actor.js';
import { Role } from '../../../domain/identity/role.js';
import type { WebhookDelivery } from '../../../application/crm/ports/delivery-repository.js';
import { FakeClock } from '../../support/fake-clock.js';
import { RecordingJobs } from '../../support/memory-identity.js';

describe('use cases: CRM delivery relay', () => {
  const delivery = (id: string, status: WebhookDelivery['status'], updatedAt: Date, retries = 0): WebhookDelivery => ({
    id,
    tenantId: '9b2f0f3e-3a55-4d1e-8a52-000000000001',
    provider: 'google',
    externalId: `L-${id}`,
    status,
    rawBody: '{}',
    payload: {},
    attempts: 0,
    retries,
    lastError: null,
    leadId: null,
    receivedAt: updatedAt,
    processedAt: null,
    updatedAt,
  });

  it('re-enqueues only deliveries pending for longer than the relay age, with their own job id', async () => {
    const clock = new FakeClock();
    const deliveryRepository = new MemoryDeliveryRepository();
    const old = new Date(clock.now().getTime() - 120_000);
    await deliveryRepository.insert(delivery('a0000000-0000-4000-8000-000000000001', 'pending', old));
    await deliveryRepository.insert(delivery('a0000000-0000-4000-8000-000000000002', 'pending', old, 2));
    await deliveryRepository.insert(delivery('a0000000-0000-4000-8000-000000000003', 'processed', old));
    await deliveryRepository.insert(delivery('a0000000-0000-4000-8000-000000000004', 'pending', clock.now()));
    const jobs = new RecordingJobs();
    const relayed = await makeRelayPendingDeliveries({
      deliveryRepository,
      jobs,
      clock,
      crmIngestOptions: { attempts: 5, backoffMs: 10 },
      outboxRelayMs: 60_000,
    })();
    expect(relayed).to.equal(2);
    expect(jobs.enqueued.map((j) => j.options?.jobId)).to.deep.equal([
      'crm-delivery-a0000000-0000-4000-8000-000000000001',
      'crm-delivery-a0000000-0000-4000-8000-000000000002-retry-2',
    ]);
    // A job that ended (gave up on an outage) while its row stayed pending is replaced.
    expect(jobs.enqueued.map((j) => j.options?.revive)).to.deep.equal([true, true]);
  });

  it('retries by hand a failed delivery, or one stuck pending past the relay period, under a new job id; not a recent pending one', async () => {
    const clock = new FakeClock();
    const deliveryRepository = new MemoryDeliveryRepository();
    const jobs = new RecordingJobs();
    const tenantId = '9b2f0f3e-3a55-4d1e-8a52-000000000001';
    const auditLog = new MemoryAuditLog();
    const retry = makeRetryWebhookDelivery({
      deliveryRepository,
      jobs,
      clock,
      crmIngestOptions: { attempts: 5, backoffMs: 10 },
      outboxRelayMs: 60_000,
      uow: new MemoryUnitOfWork(),
      auditLog,
    });
    const actor: Actor = { tenantId, homeTenantId: tenantId, userId: 'b0000000-0000-4000-8000-000000000001', role: Role.Admin };
    const meta = { ip: '127.0.0.1', userAgent: 'test' };
    const id = 'a0000000-0000-4000-8000-000000000009';
    // The fake clock runs with real time: a margin of 5 s keeps "not yet stuck" true on a busy machine.
    await deliveryRepository.insert(delivery(id, 'pending', new Date(clock.now().getTime() + 5_000)));
    clock.advance(60_000);
    expect(await retry(actor, meta, id)).to.deep.include({ ok: false, error: 'DELIVERY_NOT_FAILED' });
    clock.advance(5_001);
    const stuck = await retry(actor, meta, id);
    expect(stuck.ok && stuck.value).to.include({ status: 'pending', retries: 1 });
    expect(jobs.enqueued.map((j) => j.options?.jobId)).to.deep.equal([`crm-delivery-${id}-retry-1`]);
    expect(await retry(actor, meta, id)).to.deep.include({ ok: false, error: 'DELIVERY_NOT_FAILED' });
    expect(auditLog.entries).to.have.length(1);
  });
});
