import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { MemoryOutboundDeliveryRepository, MemoryWebhookEndpointRepository } from '../../../adapters/persistence/memory/webhooks.memory.js';
import { MemoryAuditLog, MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';
import { AesSecretBox } from '../../../adapters/security/aes-secret-box.js';
import { standardWebhookSigner } from '../../../adapters/gateways/webhooks/standard-webhook-signer.js';
import { makeWebhookOutbox } from '../../../application/webhooks/webhook-outbox.js';
import { makeRegisterWebhookEndpoint } from '../../../application/webhooks/use-cases/register-webhook-endpoint.usecase.js';
import { makeRotateWebhookSecret } from '../../../application/webhooks/use-cases/rotate-webhook-secret.usecase.js';
import { makeUpdateWebhookEndpoint } from '../../../application/webhooks/use-cases/update-webhook-endpoint.usecase.js';
import { makeDeliverWebhook, RetryWebhookLater } from '../../../application/webhooks/use-cases/deliver-webhook.usecase.js';
import { makeRetryOutboundDelivery } from '../../../application/webhooks/use-cases/retry-outbound-delivery.usecase.js';
import { makeRelayPendingWebhooks } from '../../../application/webhooks/use-cases/relay-pending-webhooks.usecase.js';
import { makeListEndpointDeliveries } from '../../../application/webhooks/use-cases/list-endpoint-deliveries.usecase.js';
import { makeDeleteWebhookEndpoint } from '../../../application/webhooks/use-cases/delete-webhook-endpoint.usecase.js';
import type { WebhookResponse, WebhookTargets, WebhookTransport } from '../../../application/webhooks/ports.js';
import type { Actor } from '../../../application/shared/actor.js';
import { Role } from '../../../domain/identity/role.js';
import { FakeClock } from '../../support/fake-clock.js';
import { RecordingJobs } from '../../support/memory-identity.js';

const meta = { ip: null, userAgent: null };

/** Answers from a script, and keeps what it was sent. */
class ScriptedTransport implements WebhookTransport {
  readonly sent: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  answers: WebhookResponse[] = [];
  async post(url: string, headers: Record<string, string>, body: string) {
    this.sent.push({ url, headers, body });
    return this.answers.shift() ?? { statusCode: 200, error: null };
  }
}

function world() {
  const deliveries = new MemoryOutboundDeliveryRepository();
  const endpoints = new MemoryWebhookEndpointRepository(deliveries);
  const refused = new Set<string>();
  const targets: WebhookTargets = {
    check: async (url) => (refused.has(url) ? { ok: false, reason: 'PRIVATE_ADDRESS', detail: 'private' } : { ok: true }),
  };
  const d = {
    webhookEndpointRepository: endpoints,
    outboundDeliveryRepository: deliveries,
    webhookSigner: standardWebhookSigner,
    webhookTargets: targets,
    webhookTransport: new ScriptedTransport(),
    secretBox: new AesSecretBox('unit-test-encryption-key'),
    webhookRetryPolicy: { attempts: 3, backoffMs: 100 },
    auditLog: new MemoryAuditLog(),
    jobs: new RecordingJobs(),
    clock: new FakeClock(),
    ids: { uuid: () => randomUUID() },
    uow: new MemoryUnitOfWork(),
    log: { info() {}, warn() {}, error() {} },
    outboxRelayMs: 60_000,
  };
  const tenantId = randomUUID();
  const admin: Actor = { userId: randomUUID(), role: Role.Admin, tenantId, homeTenantId: tenantId };
  return {
    ...d,
    refused,
    tenantId,
    admin,
    outbox: makeWebhookOutbox(d),
    deliver: makeDeliverWebhook(d),
    register: makeRegisterWebhookEndpoint(d),
  };
}

describe('use cases: outbound webhooks', () => {
  it('registers an endpoint with a whsec_ secret kept sealed, refuses a refused URL and stores nothing', async () => {
    const w = world();
    const made = await w.register(w.admin, meta, {
      url: 'https://hooks.example.com/lms',
      events: ['lead.created', 'lead.created', 'order.paid'],
    });
    expect(made.ok).to.equal(true);
    if (!made.ok) return;
    expect(made.value.secret).to.match(/^whsec_/);
    expect(made.value.endpoint.events).to.deep.equal(['lead.created', 'order.paid']);
    const stored = [...w.webhookEndpointRepository.rows.values()][0]!;
    expect(stored.sealedSecret).to.not.include(made.value.secret.slice(6));

    w.refused.add('http://10.0.0.1/x');
    const refused = await w.register(w.admin, meta, { url: 'http://10.0.0.1/x', events: ['lead.created'] });
    expect(refused).to.deep.include({ ok: false, error: 'WEBHOOK_URL_REFUSED' });
    expect(w.webhookEndpointRepository.rows.size).to.equal(1);
    const moved = await makeUpdateWebhookEndpoint(w)(w.admin, meta, made.value.endpoint.id, { url: 'http://10.0.0.1/x' });
    expect(moved).to.deep.include({ ok: false, error: 'WEBHOOK_URL_REFUSED' });
  });

  it('publishes one delivery per subscribed, enabled endpoint of the tenant, with one message id, and enqueues each', async () => {
    const w = world();
    const a = await w.register(w.admin, meta, { url: 'https://a.example.com', events: ['lead.created'] });
    await w.register(w.admin, meta, { url: 'https://b.example.com', events: ['lead.created'], enabled: false });
    await w.register(w.admin, meta, { url: 'https://c.example.com', events: ['order.paid'] });
    const other = randomUUID();
    await w.register({ ...w.admin, tenantId: other, homeTenantId: other }, meta, {
      url: 'https://d.example.com',
      events: ['lead.created'],
    });
    await w.outbox.publish(w.tenantId, 'lead.created', { lead: { id: 'L1', created_at: new Date('2026-01-02T03:04:05Z') } });
    const rows = [...w.outboundDeliveryRepository.rows.values()];
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ endpointId: a.ok ? a.value.endpoint.id : '', status: 'pending', eventType: 'lead.created' });
    expect(rows[0]!.payload).to.deep.include({
      type: 'lead.created',
      data: { lead: { id: 'L1', created_at: '2026-01-02T03:04:05.000Z' } },
    });
    expect(Math.abs(new Date(rows[0]!.payload.timestamp).getTime() - w.clock.now().getTime())).to.be.below(1000);
    expect(w.jobs.enqueued.map((j) => j.options)).to.deep.equal([{ attempts: 3, backoffMs: 100, jobId: `webhook-${rows[0]!.id}` }]);
    await w.outbox.publish(w.tenantId, 'assignment.graded', {});
    expect(w.outboundDeliveryRepository.rows.size).to.equal(1);
  });

  it('signs each try verifiably, retries failures through the queue and fails the delivery on the last try', async () => {
    const w = world();
    const made = await w.register(w.admin, meta, { url: 'https://a.example.com', events: ['lead.created'] });
    if (!made.ok) throw new Error('not registered');
    await w.outbox.publish(w.tenantId, 'lead.created', { lead: { id: 'L1' } });
    const id = [...w.outboundDeliveryRepository.rows.keys()][0]!;
    w.webhookTransport.answers = [
      { statusCode: 500, error: null },
      { statusCode: null, error: 'timeout after 10000 ms' },
      { statusCode: 410, error: null },
    ];

    let thrown: unknown = null;
    await w.deliver(w.tenantId, id, { final: false }).catch((e: unknown) => (thrown = e));
    expect(thrown).to.be.instanceOf(RetryWebhookLater);
    expect(await w.outboundDeliveryRepository.findById(w.tenantId, id)).to.include({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    await w.deliver(w.tenantId, id, { final: false }).catch(() => undefined);
    expect(await w.outboundDeliveryRepository.findById(w.tenantId, id)).to.include({
      status: 'pending',
      attempts: 2,
      lastStatusCode: null,
      lastError: 'timeout after 10000 ms',
    });
    await w.deliver(w.tenantId, id, { final: true });
    expect(await w.outboundDeliveryRepository.findById(w.tenantId, id)).to.include({ status: 'failed', attempts: 3, lastStatusCode: 410 });

    const sent = w.webhookTransport.sent;
    expect(new Set(sent.map((s) => s.headers['webhook-id'])).size).to.equal(1);
    for (const s of sent)
      expect((new Webhook(made.value.secret).verify(s.body, s.headers) as { type: string }).type).to.equal('lead.created');

    // A failed delivery is sent again by hand, once however often it is asked for while pending.
    const retry = makeRetryOutboundDelivery(w);
    const again = await retry(w.admin, meta, id);
    expect(again.ok && again.value).to.include({ status: 'pending', attempts: 0, retries: 1 });
    expect(await retry(w.admin, meta, id)).to.deep.include({ ok: false, error: 'WEBHOOK_DELIVERY_PENDING' });
    expect(await retry(w.admin, meta, randomUUID())).to.deep.include({ ok: false, error: 'WEBHOOK_DELIVERY_NOT_FOUND' });
    expect(await retry({ ...w.admin, tenantId: randomUUID() }, meta, id)).to.deep.include({
      ok: false,
      error: 'WEBHOOK_DELIVERY_NOT_FOUND',
    });
    expect(w.jobs.enqueued.at(-1)!.options?.jobId).to.equal(`webhook-${id}-retry-1`);
    // Pending for longer than the relay period, its job lost: stuck, and retried by hand under a new job id.
    w.clock.advance(60_001);
    const stuck = await retry(w.admin, meta, id);
    expect(stuck.ok && stuck.value).to.include({ status: 'pending', attempts: 0, retries: 2 });
    expect(w.jobs.enqueued.at(-1)!.options?.jobId).to.equal(`webhook-${id}-retry-2`);
    await w.deliver(w.tenantId, id, { final: false });
    expect(await w.outboundDeliveryRepository.findById(w.tenantId, id)).to.include({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    // Redelivered job: nothing is sent twice.
    await w.deliver(w.tenantId, id, { final: false });
    expect(sent).to.have.length(4);
  });

  it('signs with the rotated secret; a disabled endpoint or an unreadable secret fails the delivery at once', async () => {
    const w = world();
    const made = await w.register(w.admin, meta, { url: 'https://a.example.com', events: ['lead.created'] });
    if (!made.ok) throw new Error('not registered');
    const rotated = await makeRotateWebhookSecret(w)(w.admin, meta, made.value.endpoint.id);
    if (!rotated.ok) throw new Error('not rotated');
    await w.outbox.publish(w.tenantId, 'lead.created', {});
    const [first] = [...w.outboundDeliveryRepository.rows.keys()];
    await w.deliver(w.tenantId, first!, { final: false });
    const s = w.webhookTransport.sent[0]!;
    expect(() => new Webhook(made.value.secret).verify(s.body, s.headers)).to.throw();
    expect(() => new Webhook(rotated.value.secret).verify(s.body, s.headers)).to.not.throw();

    await makeUpdateWebhookEndpoint(w)(w.admin, meta, made.value.endpoint.id, { enabled: false });
    const endpoint = (await w.webhookEndpointRepository.findById(w.tenantId, made.value.endpoint.id))!;
    await w.webhookEndpointRepository.update({ ...endpoint, enabled: true });
    await w.outbox.publish(w.tenantId, 'lead.created', {});
    await w.webhookEndpointRepository.update({ ...endpoint, enabled: false });
    const second = [...w.outboundDeliveryRepository.rows.keys()][1]!;
    await w.deliver(w.tenantId, second, { final: false });
    expect(await w.outboundDeliveryRepository.findById(w.tenantId, second)).to.include({
      status: 'failed',
      lastError: 'endpoint disabled',
    });

    await w.webhookEndpointRepository.update({
      ...endpoint,
      enabled: true,
      sealedSecret: new AesSecretBox('another-encryption-key').seal('whsec_x', 'x'),
    });
    await makeRetryOutboundDelivery(w)(w.admin, meta, second);
    await w.deliver(w.tenantId, second, { final: false });
    expect((await w.outboundDeliveryRepository.findById(w.tenantId, second))!.lastError).to.match(/secret cannot be opened/);
    expect(w.webhookTransport.sent).to.have.length(1);
  });

  it('relays deliveries pending past the relay age with their own job ids; lists deliveries of an endpoint; delete takes them along', async () => {
    const w = world();
    const made = await w.register(w.admin, meta, { url: 'https://a.example.com', events: ['lead.created'] });
    if (!made.ok) throw new Error('not registered');
    await w.outbox.publish(w.tenantId, 'lead.created', {});
    w.clock.advance(30_000);
    await w.outbox.publish(w.tenantId, 'lead.created', {});
    w.clock.advance(40_000);
    const relay = makeRelayPendingWebhooks(w);
    expect(await relay()).to.equal(1);
    const [oldest] = [...w.outboundDeliveryRepository.rows.values()];
    expect(w.jobs.enqueued.at(-1)!.options?.jobId).to.equal(`webhook-${oldest!.id}`);

    const list = makeListEndpointDeliveries(w);
    const page = await list(w.admin, made.value.endpoint.id, {}, { page: 1, pageSize: 10 });
    expect(page.ok && page.value.total).to.equal(2);
    expect(await list({ ...w.admin, tenantId: randomUUID() }, made.value.endpoint.id, {}, { page: 1, pageSize: 10 })).to.deep.include({
      ok: false,
      error: 'WEBHOOK_ENDPOINT_NOT_FOUND',
    });
    expect((await makeDeleteWebhookEndpoint(w)(w.admin, meta, made.value.endpoint.id)).ok).to.equal(true);
    expect(w.outboundDeliveryRepository.rows.size).to.equal(0);
    expect(await relay()).to.equal(0);
  });
});
