import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { appModules } from '../../../composition/modules/index.js';
import { RouteTable, type RouteModule } from '../../../adapters/http/kit/route-table.js';

describe('Query parameters: an unknown one answers 400 naming it', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('refuses ?q= on the user list, which filters by ?search=, instead of answering every user', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const siti = await h.user(t, Role.Student, { displayName: 'Siti Rahma' });
    await h.user(t, Role.Student, { displayName: 'Budi Santoso' });
    const refused = await h.http.get('/api/users?q=siti&page_size=5&sort=name').set(admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal({
      success: false,
      message: 'Invalid parameters',
      code: 'VALIDATION_FAILED',
      error: 'q: unknown parameter; sort: unknown parameter',
      fields: [
        { path: 'q', message: 'unknown parameter' },
        { path: 'sort', message: 'unknown parameter' },
      ],
    });
    const found = await h.http.get('/api/users?search=siti').set(admin.headers);
    expect(found.status).to.equal(200);
    expect(found.body.data.items.map((u: { id: string }) => u.id)).to.deep.equal([siti.id]);
  });

  it('refuses an unknown parameter on an admin resource list and on a route that reads no query', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const resource = await h.http.get('/api/lms/admin/resources/course-categories?name=x').set(admin.headers);
    expect(resource.status).to.equal(400);
    expect(resource.body.fields).to.deep.equal([{ path: 'name', message: 'unknown parameter' }]);
    await h.http.get('/api/lms/admin/resources/course-categories?search=x&page_size=5').set(admin.headers).expect(200);
    const self = await h.http.get('/api/user/self?fields=email').set(admin.headers);
    expect(self.status).to.equal(400);
    expect(self.body.fields).to.deep.equal([{ path: 'fields', message: 'unknown parameter' }]);
  });

  it('declares every query schema strict (except the webhook handshake Meta sends and the per-resource admin list)', () => {
    const table = new RouteTable();
    for (const name of appModules.flatMap((m) => m.routes)) h.resolve<RouteModule>(name)(table);
    const loose = table.entries.filter((e) => {
      if (!e.spec.query || ['verifyMetaWebhook', 'listAdminRecords'].includes(e.spec.operationId ?? '')) return false;
      const issues = e.spec.query.safeParse({ zz_unknown: '1' }).error?.issues ?? [];
      return !issues.some((i) => i.code === 'unrecognized_keys' && i.keys.includes('zz_unknown'));
    });
    expect(loose.map((e) => `${e.method} ${e.path}`)).to.deep.equal([]);
    expect(table.entries.filter((e) => e.spec.query).length).to.be.greaterThan(40);
  });
});
