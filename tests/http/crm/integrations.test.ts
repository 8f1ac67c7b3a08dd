import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness, type Harness } from '../../support/harness.js';
import { pageId } from '../../support/crm.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP CRM integrations: secrets sealed at rest, never returned', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('lists both providers, stores secrets encrypted and answers them only as {configured}', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const initial = (await h.http.get('/api/crm/integrations').set(admin.headers).expect(200)).body.data;
    expect(initial.map((i: { provider: string; enabled: boolean }) => [i.provider, i.enabled])).to.deep.equal([['meta', false], ['google', false]]);
    expect(initial[0].app_secret).to.deep.equal({ configured: false });

    const secrets = { verify_token: `vt-${randomUUID()}`, app_secret: `as-${randomUUID()}`, access_token: `EAAB${randomUUID()}`, page_id: pageId() };
    const put = await h.http.put('/api/crm/integrations/meta').set(admin.headers).send({ ...secrets, enabled: true });
    expect(put.status).to.equal(200);
    expect(put.body.data).to.deep.include({
      provider: 'meta', enabled: true, complete: true, page_id: secrets.page_id,
      verify_token: { configured: true }, app_secret: { configured: true }, access_token: { configured: true },
    });
    const listed = JSON.stringify((await h.http.get('/api/crm/integrations').set(admin.headers)).body);
    for (const value of [secrets.verify_token, secrets.app_secret, secrets.access_token]) {
      expect(listed).to.not.include(value);
      expect(JSON.stringify(put.body)).to.not.include(value);
    }
    const row = await h.app.db.knex('crm_integrations').where({ tenant_id: t.id, provider: 'meta' }).first();
    const stored = JSON.stringify(row);
    for (const value of [secrets.verify_token, secrets.app_secret, secrets.access_token]) expect(stored).to.not.include(value);
    expect(row.sealedSecrets).to.match(/^v1\./);
    const audit = JSON.stringify((await h.http.get('/api/audit-logs').query({ action: 'crm.integration.update' }).set(admin.headers)).body.data.items);
    expect(audit).to.include('app_secret');
    expect(audit).to.not.include(secrets.app_secret);

    // Any subset: rotating the token keeps the rest; clearing a required secret needs the integration off.
    const rotated = await h.http.put('/api/crm/integrations/meta').set(admin.headers).send({ access_token: 'EAAB-new' });
    expect(rotated.body.data.complete).to.equal(true);
    const cleared = await h.http.put('/api/crm/integrations/meta').set(admin.headers).send({ app_secret: null });
    expect(cleared.status).to.equal(400);
    expect(cleared.body.error).to.match(/app_secret/);
    const off = await h.http.put('/api/crm/integrations/meta').set(admin.headers).send({ app_secret: null, enabled: false });
    expect(off.body.data).to.deep.include({ enabled: false, complete: false, app_secret: { configured: false } });
  });

  it('requires every field of an enabled integration, keeps page ids and Google keys unique, and is Admin only', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const incomplete = await h.http.put('/api/crm/integrations/meta').set(admin.headers).send({ app_secret: 'x' });
    expect(incomplete.status).to.equal(400);
    expect(incomplete.body.error).to.match(/verify_token, access_token, page_id/);
    expect((await h.http.put('/api/crm/integrations/google').set(admin.headers).send({ enabled: true })).status).to.equal(400);
    expect((await h.http.put('/api/crm/integrations/tiktok').set(admin.headers).send({ enabled: false })).status).to.equal(400);
    expect((await h.http.get('/api/crm/integrations').set(admin.headers)).body.data.every((i: { updated_at: unknown }) => i.updated_at === null)).to.equal(true);

    const page = pageId();
    const key = `key-${randomUUID()}`;
    await h.http.put('/api/crm/integrations/meta').set(admin.headers).send({ verify_token: 'v', app_secret: 'a', access_token: 't', page_id: page }).expect(200);
    await h.http.put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: key }).expect(200);
    const otherAdmin = await h.user(await h.tenant(), Role.Admin);
    const samePage = await h.http.put('/api/crm/integrations/meta').set(otherAdmin.headers).send({ verify_token: 'v', app_secret: 'a', access_token: 't', page_id: page });
    expect(samePage.status).to.equal(400);
    expect((await h.http.put('/api/crm/integrations/google').set(otherAdmin.headers).send({ webhook_key: key })).status).to.equal(400);

    const mentor = await h.user(t, Role.Mentor);
    expect((await h.http.get('/api/crm/integrations').set(mentor.headers)).status).to.equal(403);
    expect((await h.http.put('/api/crm/integrations/google').set(mentor.headers).send({ enabled: false })).status).to.equal(403);
  });
});
