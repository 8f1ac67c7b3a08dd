import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP settings and tenants', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('serves public settings, all settings with secrets masked, and takes typed partial updates', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const pub = await h.http.get('/api/settings').set(t.headers);
    expect(pub.body.data).to.include({
      RegisterEnabled: true,
      PasswordRegisterEnabled: true,
      PasswordLoginEnabled: true,
      EmailVerificationEnabled: false,
    });
    expect(pub.body.data).to.not.have.property('SMTPPassword');

    const put = await h.http.put('/api/settings').set(admin.headers).send({ SMTPPassword: 's3cret!', SiteName: 'Acme School', Unknown: 1 });
    expect(put.status).to.equal(200);
    expect(put.body.data.SMTPPassword).to.deep.equal({ configured: true });
    expect(put.body.data).to.not.have.property('Unknown');
    expect(JSON.stringify(put.body)).to.not.include('s3cret!');

    const adminView = await h.http.get('/api/settings/admin').set(student.headers);
    expect(adminView.status).to.equal(200);
    expect(adminView.body.data).to.include({ SiteName: 'Acme School' });
    expect(adminView.body.data.SMTPPassword).to.deep.equal({ configured: true });

    const wrongType = await h.http.put('/api/settings').set(admin.headers).send({ RegisterEnabled: 'yes' });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.body.error).to.match(/RegisterEnabled/);
    expect((await h.http.get('/api/settings').set(t.headers)).body.data.RegisterEnabled).to.equal(true);

    expect((await h.http.put('/api/settings').set(student.headers).send({ RegisterEnabled: false })).status).to.equal(403);
    expect((await h.http.get('/api/settings/admin').set(t.headers)).status).to.equal(401);
  });

  it('keeps settings per tenant', async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    const adminA = await h.user(a, Role.Admin);
    await h.http.put('/api/settings').set(adminA.headers).send({ RegisterEnabled: false }).expect(200);
    expect((await h.http.get('/api/settings').set(a.headers)).body.data.RegisterEnabled).to.equal(false);
    expect((await h.http.get('/api/settings').set(b.headers)).body.data.RegisterEnabled).to.equal(true);
  });

  it('lets only the Super Admin manage tenants; the default tenant is protected', async () => {
    const home = await h.defaultTenant();
    const root = await h.user(home, Role.SuperAdmin);
    const admin = await h.user(home, Role.Admin);
    expect((await h.http.get('/api/tenants').set(admin.headers)).status).to.equal(403);

    const slug = `acme-${Date.now().toString(36)}`;
    const created = await h.http.post('/api/tenants').set(root.headers).send({ slug, name: 'Acme' });
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({ slug, name: 'Acme', status: 'active' });
    const id = created.body.data.id as string;
    expect((await h.http.post('/api/tenants').set(root.headers).send({ slug, name: 'Again' })).status).to.equal(400);
    expect((await h.http.post('/api/tenants').set(root.headers).send({ slug: 'Bad Slug!', name: 'x' })).status).to.equal(400);

    expect((await h.http.get(`/api/tenants/${id}`).set(root.headers)).body.data.slug).to.equal(slug);
    const list = await h.http.get('/api/tenants').query({ search: slug }).set(root.headers);
    expect(list.body.data.items.map((x: { id: string }) => x.id)).to.deep.equal([id]);

    // The tenant is usable by header (slug or id), and by the Super Admin from there.
    expect((await h.http.get('/api/settings').set('X-Tenant-ID', slug)).status).to.equal(200);
    expect((await h.http.get('/api/settings').set('X-Tenant-ID', id)).status).to.equal(200);
    expect((await h.http.get('/api/user/self').set({ ...root.headers, 'X-Tenant-ID': slug })).status).to.equal(200);

    const disabled = await h.http.put(`/api/tenants/${id}`).set(root.headers).send({ status: 'disabled', name: 'Acme Ltd' });
    expect(disabled.body.data).to.include({ status: 'disabled', name: 'Acme Ltd' });
    // Refused on the very next request, by slug and by id alike (resolutions are cached, and invalidated by the change).
    expect((await h.http.get('/api/settings').set('X-Tenant-ID', slug)).status).to.equal(404);
    expect((await h.http.get('/api/settings').set('X-Tenant-ID', id)).status).to.equal(404);

    const def = await h.http.get('/api/tenants').query({ search: 'default', page_size: 100 }).set(root.headers);
    const defaultId = def.body.data.items.find((x: { slug: string }) => x.slug === 'default').id;
    const delDefault = await h.http.delete(`/api/tenants/${defaultId}`).set(root.headers);
    expect(delDefault.status).to.equal(400);
    expect((await h.http.put(`/api/tenants/${defaultId}`).set(root.headers).send({ status: 'disabled' })).status).to.equal(400);

    expect((await h.http.delete(`/api/tenants/${id}`).set(root.headers)).status).to.equal(200);
    await h.jobsIdle();
    expect((await h.http.get(`/api/tenants/${id}`).set(root.headers)).status).to.equal(404);
  }).timeout(20_000);

  it('deleting a tenant deletes its users and its uploaded files', async () => {
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const t = await h.tenant();
    const student = await h.user(t);
    const admin = await h.user(t, Role.Admin);
    const upload = await h.http.post('/api/file').set(admin.headers).attach('file', Buffer.from('hello'), 'notes.txt');
    expect(upload.status).to.equal(200);
    const dir = join(h.resolve<string>('uploadDir'), t.id);
    expect(existsSync(dir)).to.equal(true);
    await h.http.delete(`/api/tenants/${t.id}`).set(root.headers).expect(200);
    await h.jobsIdle();
    const rows = await h.app.db.knex('users').where({ id: student.id });
    expect(rows).to.have.length(0);
    expect(existsSync(dir)).to.equal(false);
  });
});
