import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness, type Harness } from '../../support/harness.js';
import { FakeGraph, crmApplication, pageId } from '../../support/crm.js';
import type { Application } from '../../../composition/container.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP CRM integrations: secrets sealed at rest, never returned', () => {
  let h: Harness;
  let graph: FakeGraph;
  let crm: { app: Application };
  before(async () => {
    h = await harness();
    graph = await new FakeGraph().start();
    crm = await crmApplication(graph.url);
  });
  after(async () => {
    await crm?.app.close();
    await graph?.close();
  });

  it('lists both providers, stores secrets encrypted and answers them only as {configured}', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const initial = (await h.agent(crm.app).get('/api/crm/integrations').set(admin.headers).expect(200)).body.data;
    expect(initial.map((i: { provider: string; enabled: boolean }) => [i.provider, i.enabled])).to.deep.equal([
      ['meta', false],
      ['google', false],
    ]);
    expect(initial[0].app_secret).to.deep.equal({ configured: false });

    const secrets = {
      verify_token: `vt-${randomUUID()}`,
      app_secret: `as-${randomUUID()}`,
      access_token: `EAAB${randomUUID()}`,
      page_id: pageId(),
    };
    graph.page(secrets.page_id, secrets.access_token, 'EAAB-new');
    const put = await h
      .agent(crm.app)
      .put('/api/crm/integrations/meta')
      .set(admin.headers)
      .send({ ...secrets, enabled: true });
    expect(put.status).to.equal(200);
    expect(put.body.data).to.deep.include({
      provider: 'meta',
      enabled: true,
      complete: true,
      page_id: secrets.page_id,
      verify_token: { configured: true },
      app_secret: { configured: true },
      access_token: { configured: true },
    });
    const listed = JSON.stringify((await h.agent(crm.app).get('/api/crm/integrations').set(admin.headers)).body);
    for (const value of [secrets.verify_token, secrets.app_secret, secrets.access_token]) {
      expect(listed).to.not.include(value);
      expect(JSON.stringify(put.body)).to.not.include(value);
    }
    const row = await h.app.db.knex('crm_integrations').where({ tenantId: t.id, provider: 'meta' }).first();
    expect(row).to.exist;
    const stored = JSON.stringify(row);
    for (const value of [secrets.verify_token, secrets.app_secret, secrets.access_token]) expect(stored).to.not.include(value);
    expect(row!.sealedSecrets).to.match(/^v1\./);
    const audit = JSON.stringify(
      (await h.agent(crm.app).get('/api/audit-logs').query({ action: 'crm.integration.update' }).set(admin.headers)).body.data.items,
    );
    expect(audit).to.include('app_secret');
    expect(audit).to.not.include(secrets.app_secret);

    // Any subset: rotating the token keeps the rest; clearing a required secret needs the integration off.
    const rotated = await h.agent(crm.app).put('/api/crm/integrations/meta').set(admin.headers).send({ access_token: 'EAAB-new' });
    expect(rotated.body.data.complete).to.equal(true);
    const cleared = await h.agent(crm.app).put('/api/crm/integrations/meta').set(admin.headers).send({ app_secret: null });
    expect(cleared.status).to.equal(400);
    expect(cleared.body.error).to.match(/app_secret/);
    const off = await h.agent(crm.app).put('/api/crm/integrations/meta').set(admin.headers).send({ app_secret: null, enabled: false });
    expect(off.body.data).to.deep.include({ enabled: false, complete: false, app_secret: { configured: false } });
  });

  it('requires every field of an enabled integration, keeps page ids and Google keys unique, and is Admin only', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const incomplete = await h.agent(crm.app).put('/api/crm/integrations/meta').set(admin.headers).send({ app_secret: 'x' });
    expect(incomplete.status).to.equal(400);
    expect(incomplete.body.error).to.match(/verify_token, access_token, page_id/);
    expect((await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ enabled: true })).status).to.equal(400);
    expect((await h.agent(crm.app).put('/api/crm/integrations/tiktok').set(admin.headers).send({ enabled: false })).status).to.equal(400);
    expect(
      (await h.agent(crm.app).get('/api/crm/integrations').set(admin.headers)).body.data.every(
        (i: { updated_at: unknown }) => i.updated_at === null,
      ),
    ).to.equal(true);

    const page = pageId();
    graph.page(page, 'token-of-a', 'token-of-b');
    const key = `key-${randomUUID()}`;
    const fields = { verify_token: 'a verify token, long enough', app_secret: 'a', page_id: page };
    await h
      .agent(crm.app)
      .put('/api/crm/integrations/meta')
      .set(admin.headers)
      .send({ ...fields, access_token: 'token-of-a' })
      .expect(200);
    await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: key }).expect(200);
    const otherAdmin = await h.user(await h.tenant(), Role.Admin);
    // Another tenant's page (even with a token that reads it) and an unprovable page answer alike.
    const samePage = await h
      .agent(crm.app)
      .put('/api/crm/integrations/meta')
      .set(otherAdmin.headers)
      .send({ ...fields, access_token: 'token-of-b' });
    const unprovable = await h
      .agent(crm.app)
      .put('/api/crm/integrations/meta')
      .set(otherAdmin.headers)
      .send({ ...fields, page_id: pageId(), access_token: 'token-of-b' });
    expect(samePage.status).to.equal(400);
    expect(samePage.body).to.deep.equal(unprovable.body);
    expect(samePage.body).to.deep.equal({
      success: false,
      message: 'Invalid parameters',
      code: 'PAGE_NOT_VERIFIED',
      error: 'page_id: the access token cannot read this page',
    });
    const sameKey = await h.agent(crm.app).put('/api/crm/integrations/google').set(otherAdmin.headers).send({ webhook_key: key });
    expect(sameKey.status).to.equal(400);
    expect(sameKey.body).to.deep.equal({
      success: false,
      message: 'Invalid parameters',
      code: 'WEBHOOK_KEY_REFUSED',
      error: 'webhook_key: refused, choose another key',
    });

    const mentor = await h.user(t, Role.Mentor);
    expect((await h.agent(crm.app).get('/api/crm/integrations').set(mentor.headers)).status).to.equal(403);
    expect((await h.agent(crm.app).put('/api/crm/integrations/google').set(mentor.headers).send({ enabled: false })).status).to.equal(403);
  });

  it('refuses a page the access token cannot read (400), and answers 502 while Graph is away; the token never reaches the answer', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const page = pageId();
    const token = `EAAB-${randomUUID()}`;
    const fields = { verify_token: 'a verify token, long enough', app_secret: 'a', access_token: token, page_id: page };
    const refused = await h.agent(crm.app).put('/api/crm/integrations/meta').set(admin.headers).send(fields);
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('page_id: the access token cannot read this page');
    expect(JSON.stringify(refused.body)).to.not.include(token);
    expect(graph.tokens.at(-1)).to.equal(token);
    expect((await h.agent(crm.app).get('/api/crm/integrations').set(admin.headers)).body.data[0]).to.include({
      page_id: null,
      complete: false,
    });

    const away = await crmApplication('http://127.0.0.1:9/v21.0');
    try {
      const unavailable = await h.agent(away.app).put('/api/crm/integrations/meta').set(admin.headers).send(fields);
      expect(unavailable.status).to.equal(502);
      expect(unavailable.body.message).to.equal('Meta Graph API unavailable');
      expect(JSON.stringify(unavailable.body)).to.not.include(token);
    } finally {
      await away.app.close();
    }
    graph.page(page, token);
    await h.agent(crm.app).put('/api/crm/integrations/meta').set(admin.headers).send(fields).expect(200);
  });

  it('refuses a Meta verify token or Google key shorter than 16 characters (400 naming the minimum); null or "" clears', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const shortKey = await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: '123456789012345' });
    expect(shortKey.status).to.equal(400);
    expect(shortKey.body.error).to.match(/webhook_key.*at least 16 characters/);
    const shortToken = await h
      .agent(crm.app)
      .put('/api/crm/integrations/meta')
      .set(admin.headers)
      .send({ verify_token: 'short', enabled: false });
    expect(shortToken.status).to.equal(400);
    expect(shortToken.body.error).to.match(/verify_token.*at least 16 characters/);
    await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: '1234567890123456' }).expect(200);
    const cleared = await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: '', enabled: false });
    expect(cleared.body.data).to.deep.include({ webhook_key: { configured: false } });
  });
});
