import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import { MemoryOutboundDeliveryRepository, MemoryWebhookEndpointRepository } from '../../../adapters/persistence/memory/webhooks.memory.js';
import type { OutboundDeliveryRepository, WebhookEndpointRepository } from '../../../application/webhooks/ports.js';
import type { OutboundDelivery, WebhookEndpoint } from '../../../domain/webhooks/webhook.js';

interface Ctx {
  tenantId: string;
  otherTenantId: string;
  endpoints: WebhookEndpointRepository;
  deliveries: OutboundDeliveryRepository;
}

const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 10, minute));

const endpoint = (tenantId: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: randomUUID(),
  tenantId,
  url: 'https://hooks.example.com/a',
  description: null,
  events: ['lead.created', 'order.paid'],
  enabled: true,
  sealedSecret: 'sealed',
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

const delivery = (e: WebhookEndpoint, over: Partial<OutboundDelivery> = {}): OutboundDelivery => ({
  id: randomUUID(),
  tenantId: e.tenantId,
  endpointId: e.id,
  eventId: randomUUID(),
  eventType: 'lead.created',
  payload: { type: 'lead.created', timestamp: at(0).toISOString(), data: { lead: { id: 'x', answers: [{ q: 'a' }] } } },
  status: 'pending',
  attempts: 0,
  retries: 0,
  lastStatusCode: null,
  lastError: null,
  createdAt: at(0),
  updatedAt: at(0),
  deliveredAt: null,
  ...over,
});

function contract(name: string, make: () => Promise<Ctx>) {
  describe(`webhook repositories contract: ${name}`, () => {
    let ctx: Ctx;
    beforeEach(async () => {
      ctx = await make();
    });

    it('keeps endpoints per tenant, finds the enabled ones subscribed to a type, updates and deletes them with their deliveries', async () => {
      const a = endpoint(ctx.tenantId, { createdAt: at(1) });
      const b = endpoint(ctx.tenantId, { events: ['order.paid'], createdAt: at(2) });
      const off = endpoint(ctx.tenantId, { enabled: false, createdAt: at(3) });
      const foreign = endpoint(ctx.otherTenantId);
      for (const e of [a, b, off, foreign]) await ctx.endpoints.insert(e);
      expect(await ctx.endpoints.findById(ctx.tenantId, a.id)).to.deep.equal(a);
      expect(await ctx.endpoints.findById(ctx.tenantId, foreign.id)).to.equal(null);
      expect((await ctx.endpoints.subscribedTo(ctx.tenantId, 'lead.created')).map((e) => e.id)).to.deep.equal([a.id]);
      expect((await ctx.endpoints.subscribedTo(ctx.tenantId, 'order.paid')).map((e) => e.id).sort()).to.deep.equal([a.id, b.id].sort());
      expect(await ctx.endpoints.subscribedTo(ctx.tenantId, 'lead')).to.deep.equal([]);
      const page = await ctx.endpoints.list(ctx.tenantId, { page: 1, pageSize: 2 });
      expect(page.total).to.equal(3);
      expect(page.items.map((e) => e.id)).to.deep.equal([off.id, b.id]);

      await ctx.endpoints.update({
        ...a,
        url: 'https://hooks.example.com/b',
        events: ['assignment.graded'],
        enabled: false,
        description: 'd',
        updatedAt: at(9),
      });
      expect(await ctx.endpoints.findById(ctx.tenantId, a.id)).to.include({
        url: 'https://hooks.example.com/b',
        enabled: false,
        description: 'd',
      });
      await ctx.deliveries.insertMany([delivery(b)]);
      expect(await ctx.endpoints.delete(ctx.otherTenantId, b.id)).to.equal(false);
      expect(await ctx.endpoints.delete(ctx.tenantId, b.id)).to.equal(true);
      expect(await ctx.endpoints.delete(ctx.tenantId, b.id)).to.equal(false);
      expect((await ctx.deliveries.listByEndpoint(ctx.tenantId, b.id, {}, { page: 1, pageSize: 10 })).total).to.equal(0);
    });

    it(
      'records tries: pending, then delivered or failed on the last; requeues only a finished delivery; lists newest ' +
        'first; finds stale pending ones',
      async () => {
        const e = endpoint(ctx.tenantId);
        await ctx.endpoints.insert(e);
        const first = delivery(e, { createdAt: at(1), updatedAt: at(1) });
        const second = delivery(e, { createdAt: at(2), updatedAt: at(2) });
        await ctx.deliveries.insertMany([first, second]);
        expect(await ctx.deliveries.findById(ctx.tenantId, first.id)).to.deep.equal(first);
        expect(await ctx.deliveries.findById(ctx.otherTenantId, first.id)).to.equal(null);

        await ctx.deliveries.recordAttempt(
          ctx.tenantId,
          first.id,
          { statusCode: 500, error: 'HTTP 500', delivered: false, final: false },
          at(3),
        );
        expect(await ctx.deliveries.findById(ctx.tenantId, first.id)).to.include({
          status: 'pending',
          attempts: 1,
          lastStatusCode: 500,
          lastError: 'HTTP 500',
        });
        expect(await ctx.deliveries.requeue(ctx.tenantId, first.id, at(4), at(3))).to.equal(null);
        await ctx.deliveries.recordAttempt(
          ctx.tenantId,
          first.id,
          { statusCode: null, error: 'timeout', delivered: false, final: true },
          at(5),
        );
        expect(await ctx.deliveries.findById(ctx.tenantId, first.id)).to.include({ status: 'failed', attempts: 2, lastStatusCode: null });
        // A finished delivery takes no more tries.
        await ctx.deliveries.recordAttempt(ctx.tenantId, first.id, { statusCode: 200, error: null, delivered: true, final: false }, at(6));
        expect(await ctx.deliveries.findById(ctx.tenantId, first.id)).to.include({ status: 'failed', attempts: 2 });
        expect(await ctx.deliveries.requeue(ctx.otherTenantId, first.id, at(7), at(0))).to.equal(null);
        const requeued = await ctx.deliveries.requeue(ctx.tenantId, first.id, at(7), at(0));
        expect(requeued).to.include({ status: 'pending', attempts: 0, retries: 1 });
        expect(requeued!.payload).to.deep.equal(first.payload);
        await ctx.deliveries.recordAttempt(ctx.tenantId, first.id, { statusCode: 204, error: null, delivered: true, final: false }, at(8));
        const done = (await ctx.deliveries.findById(ctx.tenantId, first.id))!;
        expect(done).to.include({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });
        expect(done.deliveredAt!.getTime()).to.equal(at(8).getTime());

        const page = await ctx.deliveries.listByEndpoint(ctx.tenantId, e.id, {}, { page: 1, pageSize: 10 });
        expect(page.items.map((d) => d.id)).to.deep.equal([second.id, first.id]);
        expect(
          (await ctx.deliveries.listByEndpoint(ctx.tenantId, e.id, { status: 'delivered' }, { page: 1, pageSize: 10 })).items.map(
            (d) => d.id,
          ),
        ).to.deep.equal([first.id]);
        const stale = await ctx.deliveries.stalePending(at(3), 500);
        expect(stale.filter((s) => s.id === first.id || s.id === second.id)).to.deep.equal([
          { id: second.id, tenantId: ctx.tenantId, retries: 0 },
        ]);
        // `second` is stuck pending since at(2): retried by hand once it is older than the bound, not before.
        expect(await ctx.deliveries.requeue(ctx.tenantId, second.id, at(9), at(2))).to.equal(null);
        expect(await ctx.deliveries.requeue(ctx.tenantId, second.id, at(9), at(3))).to.include({
          status: 'pending',
          attempts: 0,
          retries: 1,
        });
      },
    );
  });
}

contract('PostgreSQL (pg adapters on the test database)', async () => {
  const h = await harness();
  const t = await h.tenant();
  const other = await h.tenant();
  return {
    tenantId: t.id,
    otherTenantId: other.id,
    endpoints: h.resolve('webhookEndpointRepository'),
    deliveries: h.resolve('outboundDeliveryRepository'),
  };
});

contract('memory', async () => {
  const deliveries = new MemoryOutboundDeliveryRepository();
  return { tenantId: randomUUID(), otherTenantId: randomUUID(), endpoints: new MemoryWebhookEndpointRepository(deliveries), deliveries };
});
