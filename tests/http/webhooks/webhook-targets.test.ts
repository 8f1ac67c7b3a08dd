import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { asValue } from 'awilix';
import { extraApplication, harness, type Harness } from '../../support/harness.js';
import { GuardedWebhookTransport } from '../../../adapters/gateways/webhooks/guarded-webhook-transport.js';
import { Role } from '../../../domain/identity/role.js';

/**
 * Issue 26: the webhook target guard refuses the IPv6 forms of loopback and private space, at
 * registration and again at delivery (a name that answered a public address at registration).
 */
describe('HTTP webhooks: IPv6 forms of private and loopback space are refused', function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const REFUSED = [
    '::7f00:1',
    '::127.0.0.1',
    'fec0::1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a00:1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::ffff:0:7f00:1',
    '::ffff:0:0',
  ];
  const PUBLIC = '2606:4700:4700::1111';

  /** An application that refuses private targets and resolves names from `answers`. */
  async function guardedApplication(answers: Map<string, string>) {
    const transport = new GuardedWebhookTransport({
      allowPrivate: false,
      timeoutMs: 1000,
      resolve: async (host) => (answers.has(host) ? [{ address: answers.get(host)!, family: 6 }] : []),
    });
    // Its own queue and workers: the delivery must be made by this transport.
    return extraApplication(
      { WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_ATTEMPTS: '1', QUEUE_PREFIX: `wt-${randomUUID().slice(0, 8)}` },
      { webhookTargets: asValue(transport), webhookTransport: asValue(transport) },
      { runWorkers: true },
    );
  }

  it('refuses each form at registration, as a literal address and as a name resolving to it, and stores nothing', async () => {
    const answers = new Map(REFUSED.map((a, i) => [`h${i}.example.test`, a]));
    const app = await guardedApplication(answers);
    try {
      const http = h.agent(app);
      const admin = await h.user(await h.tenant(), Role.Admin);
      for (const url of [...REFUSED.map((a) => `http://[${a}]:8080/hook`), ...[...answers.keys()].map((host) => `https://${host}/hook`)]) {
        const res = await http
          .post('/api/webhooks/endpoints')
          .set(admin.headers)
          .send({ url, events: ['lead.created'] });
        expect(res.status, url).to.equal(400);
        expect(res.body.message).to.equal('Webhook URL not allowed');
      }
      expect((await http.get('/api/webhooks/endpoints').set(admin.headers)).body.data.total).to.equal(0);
    } finally {
      await app.close();
    }
  });

  it('refuses each form at delivery when the name answers it then, and contacts nothing', async () => {
    const answers = new Map(REFUSED.map((_, i) => [`h${i}.example.test`, PUBLIC]));
    const app = await guardedApplication(answers);
    try {
      const http = h.agent(app);
      const admin = await h.user(await h.tenant(), Role.Admin);
      const endpoints: Array<{ id: string; address: string }> = [];
      for (const [i, address] of REFUSED.entries()) {
        const res = await http
          .post('/api/webhooks/endpoints')
          .set(admin.headers)
          .send({ url: `https://h${i}.example.test/hook`, events: ['lead.created'] });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        endpoints.push({ id: res.body.data.id, address });
      }
      for (const [i, address] of REFUSED.entries()) answers.set(`h${i}.example.test`, address);
      await http.post('/api/crm/leads').set(admin.headers).send({ name: 'Rebound' }).expect(200);
      await app.jobQueue.whenIdle();
      for (const { id, address } of endpoints) {
        const [delivery] = (await http.get(`/api/webhooks/endpoints/${id}/deliveries`).set(admin.headers).expect(200)).body.data.items;
        expect(delivery, address).to.include({ status: 'failed', attempts: 1, last_status_code: null });
        expect(delivery.last_error, address).to.match(/^target refused: .*private, loopback or link-local/);
      }
    } finally {
      await app.close();
    }
  });
});
