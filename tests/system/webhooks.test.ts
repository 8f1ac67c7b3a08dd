import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { json, post, deploymentEnv, startApi, startWorker, type ServiceProcess } from './support/processes.js';
import { signatureHeaders, WebhookReceiver } from '../support/webhook-receiver.js';
import { StreamReader } from '../support/sse-reader.js';

/**
 * Outbound webhooks and live lead assignment across processes: two API processes that run no
 * jobs and one worker, on the same PostgreSQL and Redis. The delivery can only come from the
 * worker; the assignee's stream on B hears an assignment made on A through Redis.
 */
describe('system: webhooks delivered by a worker, lead.assigned across API processes', function () {
  this.timeout(120_000);
  let a: ServiceProcess;
  let b: ServiceProcess;
  let worker: ServiceProcess;
  let receiver: WebhookReceiver;
  let admin: Record<string, string>;
  let tenant: Record<string, string>;

  before(async () => {
    // The receiver listens on loopback, a private address: this deployment allows it.
    const env = await deploymentEnv({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await new WebhookReceiver().start();
    [a, b, worker] = await Promise.all([startApi(env), startApi(env), startWorker(env)]);
    const login = await json(await post(a.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
    const slug = `hooks-${Date.now().toString(36)}`;
    const root = { Authorization: `Bearer ${(login.body.data as { access_token: string }).access_token}` };
    expect((await json(await post(a.url, '/api/tenants', { slug, name: 'Webhooks' }, root))).status).to.equal(200);
    tenant = { 'X-Tenant-ID': slug };
    admin = { ...tenant, ...root };
  });

  after(async () => {
    await Promise.all([a, b, worker].filter(Boolean).map((p) => p.stop()));
    await receiver?.stop();
  });

  it('a lead taken by API process A is delivered, signed, by the worker', async () => {
    const registered = await json(await post(a.url, '/api/webhooks/endpoints', { url: receiver.url, events: ['lead.created'] }, admin));
    expect(registered.status, JSON.stringify(registered.body)).to.equal(200);
    const { id, secret } = registered.body.data as { id: string; secret: string };
    const lead = await json(await post(a.url, '/api/crm/leads', { name: 'Sekar', phone: '081299998888' }, admin));
    expect(lead.status).to.equal(200);
    const [got] = await receiver.waitFor(1, 30_000);
    const body = new Webhook(secret).verify(got!.body, signatureHeaders(got!.headers)) as { type: string; data: { lead: { id: string } } };
    expect(body.type).to.equal('lead.created');
    expect(body.data.lead.id).to.equal((lead.body.data as { id: string }).id);
    const deliveries = await json(await fetch(`${b.url}/api/webhooks/endpoints/${id}/deliveries`, { headers: admin }));
    expect((deliveries.body.data as { items: Array<Record<string, unknown>> }).items[0]).to.include({
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });
  });

  it("an assignment made on A reaches the assignee's stream on B", async () => {
    const created = await json(
      await post(a.url, '/api/users', { name: 'Rep', email: 'rep@hooks.test', password: 'system password', role: 30, status: 1 }, admin),
    );
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const login = await json(await post(b.url, '/api/auth/login', { email: 'rep@hooks.test', password: 'system password' }, tenant));
    const rep = login.body.data as { access_token: string; user: { id: string } };
    const abort = new AbortController();
    try {
      const res = await fetch(`${b.url}/api/lms/chat/stream`, {
        headers: { ...tenant, Authorization: `Bearer ${rep.access_token}`, Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      const stream = new StreamReader(res.body!.getReader());
      await stream.until((e) => e.comment);
      const lead = await json(await post(a.url, '/api/crm/leads', { name: 'Bayu' }, admin));
      const leadId = (lead.body.data as { id: string }).id;
      const patched = await fetch(`${a.url}/api/crm/leads/${leadId}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...admin },
        body: JSON.stringify({ assigned_to: rep.user.id }),
      });
      expect(patched.status).to.equal(200);
      const event = await stream.until((e) => e.event === 'lead.assigned', 10_000);
      expect(JSON.parse(event.data)).to.deep.include({ to_user_id: rep.user.id });
      expect(JSON.parse(event.data).lead.id).to.equal(leadId);
    } finally {
      abort.abort();
    }
  });
});
