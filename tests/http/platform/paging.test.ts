import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

interface ListData {
  items: Array<{ id: string }>;
  total: number;
  page: number;
  page_size: number;
  total_is_estimate: boolean;
  next_cursor: string | null;
}

/**
 * Deep pages through keyset cursors (contract §10, issue 28): `next_cursor` continues a list with
 * its filters, every row exactly once even when many share one instant, and `total` is exact.
 */
describe('HTTP paging: cursors and totals on the lists', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  /** Every page of a list followed through `next_cursor`. */
  const walk = async (
    user: TestUser,
    path: string,
    query: Record<string, string | number>,
  ): Promise<{ ids: string[]; pages: ListData[] }> => {
    const pages: ListData[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.http
        .get(path)
        .query(cursor === null ? query : { ...query, cursor })
        .set(user.headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      pages.push(res.body.data as ListData);
      cursor = pages.at(-1)!.next_cursor;
    } while (cursor !== null && pages.length < 50);
    return { ids: pages.flatMap((p) => p.items.map((i) => i.id)), pages };
  };

  it('walks the leads of a filter exactly once with cursors, leads received at one instant included', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    try {
      // Seven leads share each instant: page boundaries fall inside the ties.
      for (let instant = 0; instant < 3; instant += 1) {
        for (let i = 0; i < 7; i += 1) {
          await h.http
            .post('/api/crm/leads')
            .set(admin.headers)
            .send({ name: `Lead ${instant}-${i}`, provider: i % 2 === 0 ? 'referral' : 'walk_in' })
            .expect(200);
        }
        h.clock.advance(60_000);
      }
      const everything = (await h.http.get('/api/crm/leads').query({ page_size: 100 }).set(admin.headers).expect(200)).body
        .data as ListData;
      expect(everything).to.deep.include({ total: 21, total_is_estimate: false, next_cursor: null });

      const all = await walk(admin, '/api/crm/leads', { page_size: 4 });
      expect(all.ids).to.deep.equal(everything.items.map((l) => l.id));
      expect(all.pages).to.have.length(6);
      for (const p of all.pages) expect(p).to.deep.include({ total: 21, total_is_estimate: false });
      expect(all.pages.at(-1)!.items).to.have.length(1);

      const filtered = await walk(admin, '/api/crm/leads', { page_size: 3, provider: 'referral' });
      const referralIds = (
        (await h.http.get('/api/crm/leads').query({ page_size: 100, provider: 'referral' }).set(admin.headers).expect(200)).body
          .data as ListData
      ).items.map((l) => l.id);
      expect(referralIds).to.have.length(12);
      expect(filtered.ids).to.deep.equal(referralIds);

      // An offset page hands over to the cursor: page 2's cursor answers what page 3 answers.
      const second = (await h.http.get('/api/crm/leads').query({ page: 2, page_size: 5 }).set(admin.headers).expect(200)).body
        .data as ListData;
      const third = (await h.http.get('/api/crm/leads').query({ page: 3, page_size: 5 }).set(admin.headers).expect(200)).body
        .data as ListData;
      const after = (
        await h.http.get('/api/crm/leads').query({ page: 3, page_size: 5, cursor: second.next_cursor! }).set(admin.headers).expect(200)
      ).body.data as ListData;
      expect(after.items.map((l) => l.id)).to.deep.equal(third.items.map((l) => l.id));
      expect(after).to.deep.include({ page: 3, total: 21 });
    } finally {
      h.clock.reset();
    }
  });

  it('refuses a cursor that is not one of ours with 400 Invalid parameters', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    for (const cursor of [forged, 'bm90LWpzb24', 'has spaces']) {
      const res = await h.http.get('/api/crm/leads').query({ cursor }).set(admin.headers);
      expect(res.status, cursor).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
    }
  });

  it('walks the users list with cursors, users created at one instant included', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    for (let i = 0; i < 8; i += 1) await h.user(t);
    const everything = (await h.http.get('/api/users').query({ page_size: 100 }).set(admin.headers).expect(200)).body.data as ListData;
    expect(everything.total).to.equal(9);
    const walked = await walk(admin, '/api/users', { page_size: 2 });
    expect(walked.ids).to.deep.equal(everything.items.map((u) => u.id));
    expect(walked.pages).to.have.length(5);
    expect(walked.pages.map((p) => p.total)).to.deep.equal([9, 9, 9, 9, 9]);
    const students = await walk(admin, '/api/users', { page_size: 3, role: Role.Student });
    expect(students.ids).to.have.length(8);
    expect(students.ids).to.deep.equal(everything.items.filter((u) => u.id !== admin.id).map((u) => u.id));
  });
});
