import { expect } from 'chai';
import { MemoryDeliveryRepository } from '../../../adapters/persistence/memory/crm.memory.js';
import { makeRelayPendingDeliveries } from '../../../application/crm/use-cases/relay-pending-deliveries.usecase.js';
import type { WebhookDelivery } from '../../../application/crm/ports/delivery-repository.js';
import { FakeClock } from '../../support/fake-clock.js';
import { RecordingJobs } from '../../support/memory-identity.js';

describe('use cases: CRM delivery relay', () => {
  const delivery = (id: string, status: WebhookDelivery['status'], updatedAt: Date, retries = 0): WebhookDelivery => ({
    id, tenantId: '9b2f0f3e-3a55-4d1e-8a52-000000000001', provider: 'google', externalId: `L-${id}`, status, rawBody: '{}', payload: {},
    attempts: 0, retries, lastError: null, leadId: null, receivedAt: updatedAt, processedAt: null, updatedAt,
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
    const relayed = await makeRelayPendingDeliveries({ deliveryRepository, jobs, clock, crmIngestOptions: { attempts: 5, backoffMs: 10 }, outboxRelayMs: 60_000 })();
    expect(relayed).to.equal(2);
    expect(jobs.enqueued.map((j) => j.options?.jobId)).to.deep.equal([
      'crm-delivery-a0000000-0000-4000-8000-000000000001', 'crm-delivery-a0000000-0000-4000-8000-000000000002-retry-2',
    ]);
  });
});
