import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness, type Harness, type TestTenant, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { newLead, type Lead } from '../../../domain/crm/lead.js';
import type { LeadRepository } from '../../../application/crm/ports/lead-repository.js';
import type { CertificateRepository } from '../../../application/learning/ports/certificate-repository.js';
import { openShop, placeOrder, signedNotification, type Shop } from '../commerce/commerce-fixtures.js';

type Json = Record<string, unknown>;
type HistoryEntry = {
  type: string;
  reason: string | null;
  to_status: string | null;
  from_user_id: string | null;
  to_user_id: string | null;
  value: number | null;
};

describe('HTTP CRM loop: a lead knows its person, payments move the pipeline, the dashboard answers the money question', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const createLead = async (admin: TestUser, body: Json) => {
    const res = await h.http
      .post('/api/crm/leads')
      .set(admin.headers)
      .send({ name: 'Prospect', ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Json & { id: string; history: HistoryEntry[] };
  };
  const getLead = async (admin: TestUser, id: string) => {
    const res = await h.http.get(`/api/crm/leads/${id}`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Json & {
      history: HistoryEntry[];
      user: Json | null;
      suggested_user: Json | null;
      link: { status: string; candidates: Json[] };
      orders: Json[];
      enrollments: Json[];
    };
  };
  const register = async (t: TestTenant, body: Json) =>
    h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send({ password: 'a long password', display_name: 'New Student', username: `s${randomUUID().slice(0, 8)}`, ...body });
  const createUser = async (admin: TestUser, body: Json) => {
    const res = await h.http
      .post('/api/users')
      .set(admin.headers)
      .send({ name: 'Created User', password: 'a long password', ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Json & { id: string };
  };
  const userIdByEmail = async (admin: TestUser, email: string) => {
    const res = await h.http.get('/api/users').query({ search: email }).set(admin.headers).expect(200);
    return (res.body.data.items as Array<{ id: string; email: string }>).find((u) => u.email === email)!.id;
  };

  it('links a lead to the person who registers later by email, as a history entry; a phone match is only a suggestion', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const byEmail = await createLead(admin, { email: 'Rani.Putri@Example.com' });
    expect(byEmail).to.include({ user_id: null, suggested_user_id: null, link_status: 'none' });
    expect(byEmail.user).to.equal(null);
    expect(byEmail.suggested_user).to.equal(null);

    expect((await register(t, { email: 'rani.putri@example.com', display_name: 'Rani Putri' })).status).to.equal(200);
    const rani = await userIdByEmail(admin, 'rani.putri@example.com');
    const linked = await getLead(admin, byEmail.id);
    expect(linked).to.include({ user_id: rani, link_status: 'linked' });
    expect(linked.user).to.deep.equal({ id: rani, name: 'Rani Putri', role: Role.Student });
    expect(linked.link).to.deep.equal({ status: 'linked', candidates: [] });
    expect(linked.history.at(-1)).to.include({ type: 'linked', reason: 'email', to_user_id: rani });

    const byPhone = await createLead(admin, { phone: '0812-1111-2222' });
    const bad = await register(t, { email: 'dodi@example.com', phone: 'not a phone' });
    expect(bad.status).to.equal(400);
    expect((await register(t, { email: 'dodi@example.com', phone: '+62 812 1111 2222', display_name: 'Dodi' })).status).to.equal(200);
    const dodi = await userIdByEmail(admin, 'dodi@example.com');
    const detail = await getLead(admin, byPhone.id);
    expect(detail).to.include({ user_id: null, suggested_user_id: dodi, link_status: 'suggested' });
    expect(detail.user).to.equal(null);
    expect(detail.suggested_user).to.deep.equal({ id: dodi, name: 'Dodi', role: Role.Student });
    expect(detail.history.filter((e) => e.type === 'linked')).to.have.length(0);
    const self = await h.http.get('/api/users').query({ search: 'dodi@example.com' }).set(admin.headers).expect(200);
    expect(self.body.data.items[0]).to.include({ phone: '+6281211112222' });
  });

  it('a phone match at intake or after a profile edit only suggests; edits of a phone or an email link nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const created = await createUser(admin, { email: 'budi@example.com', phone: '0813 2222 3333' });
    expect(created).to.include({ phone: '+6281322223333' });
    expect(
      (
        await h.http
          .post('/api/users')
          .set(admin.headers)
          .send({ name: 'X', email: 'x@example.com', password: 'a long password', phone: '12' })
      ).status,
    ).to.equal(400);

    const lead = await createLead(admin, { phone: '+62 813-2222-3333' });
    expect(lead).to.include({ user_id: null, suggested_user_id: created.id, link_status: 'suggested' });
    expect(lead.history.map((e) => e.type)).to.deep.equal(['created']);
    // A user created by an admin with a lead's email is linked at intake.
    expect(await createLead(admin, { email: 'BUDI@example.com' })).to.include({ user_id: created.id, link_status: 'linked' });

    const student = await h.user(t, Role.Student);
    const later = await createLead(admin, { phone: '0856 7777 8888' });
    expect(later.link_status).to.equal('none');
    const profile = await h.http.put('/api/user/self').set(student.headers).send({ phone: '0856-7777-8888' });
    expect(profile.status, JSON.stringify(profile.body)).to.equal(200);
    expect(profile.body.data.phone).to.equal('+6285677778888');
    expect(await getLead(admin, later.id)).to.include({ user_id: null, suggested_user_id: student.id, link_status: 'suggested' });
    expect((await h.http.put('/api/user/self').set(student.headers).send({ phone: 'abc' })).status).to.equal(400);

    // An admin's edit of a user's email links nothing by itself either.
    const mailLead = await createLead(admin, { email: 'new.address@example.com' });
    expect((await h.http.put(`/api/users/${created.id}`).set(admin.headers).send({ email: 'new.address@example.com' })).status).to.equal(
      200,
    );
    expect(await getLead(admin, mailLead.id)).to.include({ user_id: null, link_status: 'none' });
  });

  it("the email wins over another user's phone; a phone shared by several users is ambiguous; ?linked filters", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = await createUser(admin, { email: 'ana@example.com' });
    const b = await createUser(admin, { email: 'beni@example.com', phone: '0814 5555 6666' });
    const c = await createUser(admin, { email: 'cici@example.com', phone: '0814 5555 6666' });
    const byEmail = await createLead(admin, { email: 'ana@example.com', phone: '081455556666' });
    expect(byEmail).to.include({ user_id: a.id, link_status: 'linked', suggested_user_id: null });
    expect(byEmail.history.at(-1)).to.include({ type: 'linked', reason: 'email', to_user_id: a.id });
    const ambiguous = await createLead(admin, { phone: '081455556666' });
    expect(ambiguous).to.include({ user_id: null, suggested_user_id: null, link_status: 'ambiguous' });
    const detail = await getLead(admin, ambiguous.id);
    expect(detail.user).to.equal(null);
    expect(detail.link.status).to.equal('ambiguous');
    expect(detail.link.candidates.map((x) => x.id).sort()).to.deep.equal([b.id, c.id].sort());
    expect(detail.history.map((e) => e.type)).to.deep.equal(['created']);
    const plain = await createLead(admin, { email: 'nobody@example.com' });

    const ids = async (query: Json) =>
      ((await h.http.get('/api/crm/leads').query(query).set(admin.headers).expect(200)).body.data.items as Array<{ id: string }>).map(
        (l) => l.id,
      );
    expect(await ids({ linked: 'true' })).to.deep.equal([byEmail.id]);
    expect((await ids({ linked: 'false' })).sort()).to.deep.equal([ambiguous.id, plain.id].sort());
    expect((await h.http.get('/api/crm/leads').query({ linked: 'maybe' }).set(admin.headers)).status).to.equal(400);
  });

  it(
    'PATCH {user_id} links a lead to a user of the tenant (confirming a suggestion) as a history entry; another ' +
      "tenant's user is 404 and changes nothing",
    async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const student = await h.user(t, Role.Student, { phone: '+6281299990000' });
      const lead = await createLead(admin, { phone: '081299990000' });
      expect(lead).to.include({ link_status: 'suggested', suggested_user_id: student.id });

      const other = await h.user(await h.tenant(), Role.Student);
      const refused = await h.http.patch(`/api/crm/leads/${lead.id}`).set(admin.headers).send({ user_id: other.id });
      expect(refused.status, JSON.stringify(refused.body)).to.equal(404);
      expect(refused.body.message).to.equal('Record not found');
      expect(await getLead(admin, lead.id)).to.include({ user_id: null, suggested_user_id: student.id });
      expect((await h.http.patch(`/api/crm/leads/${lead.id}`).set(admin.headers).send({ user_id: 'not-a-uuid' })).status).to.equal(400);

      const confirmed = await h.http
        .patch(`/api/crm/leads/${lead.id}`)
        .set(admin.headers)
        .send({ user_id: student.id, note: 'Called: it is them' });
      expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
      expect(confirmed.body.data).to.include({ user_id: student.id, suggested_user_id: null, link_status: 'linked' });
      expect(confirmed.body.data.suggested_user).to.equal(null);
      expect(confirmed.body.data.user).to.include({ id: student.id });
      expect(confirmed.body.data.history.at(-1)).to.include({
        type: 'linked',
        reason: 'manual',
        to_user_id: student.id,
        from_user_id: null,
        actor_id: admin.id,
        note: 'Called: it is them',
      });
      expect(await getLead(admin, lead.id)).to.deep.equal(confirmed.body.data);
    },
  );

  describe('payments move the pipeline', () => {
    const pay = (orderId: string, amount: string, status = 'settlement') =>
      h.http
        .post('/api/paygate/webhook')
        .send(signedNotification(h, { order_id: orderId, gross_amount: amount, transaction_status: status }));

    it(
      'a paid order closes the linked lead as won with the amount paid, exactly once under replayed and concurrent ' +
        'notifications; a refund reopens it',
      async () => {
        const shop = await openShop(h);
        const lead = await createLead(shop.admin, { email: shop.student.email });
        expect(lead.link_status).to.equal('linked');
        const order = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
        const answers = await Promise.all([1, 2, 3, 4].map(() => pay(order.id as string, '99000.00')));
        expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
        expect((await pay(order.id as string, '99000.00')).status).to.equal(200);

        const won = await getLead(shop.admin, lead.id);
        expect(won).to.include({ status: 'closed_won', value: 99000 });
        expect(won.closed_at).to.be.a('string');
        const moves = won.history.filter((e) => e.type === 'status_changed');
        expect(moves).to.have.length(1);
        expect(moves[0]).to.include({ to_status: 'closed_won', reason: 'payment', value: 99000 });
        expect(won.orders).to.have.length(1);
        expect(won.orders[0]).to.include({ id: order.id, status: 'paid', total: 99000, currency: 'IDR' });
        expect(won.orders[0]!.paid_at).to.be.a('string');
        expect(won.enrollments).to.deep.equal([
          { course_id: shop.soloCourse.id, course_title: 'Piano', status: 'active', progress: 0, completed_at: null },
        ]);

        expect((await pay(order.id as string, '99000.00', 'refund')).status).to.equal(200);
        const reopened = await getLead(shop.admin, lead.id);
        expect(reopened).to.include({ status: 'converted', value: null, closed_at: null });
        expect(reopened.history.at(-1)).to.include({ type: 'status_changed', to_status: 'converted', reason: 'refund' });
        expect(reopened.history.filter((e) => e.type === 'status_changed')).to.have.length(2);
      },
    );

    it('links a lead to its person when they order later, and sums every paid order into the value', async () => {
      const shop = await openShop(h);
      // The lead came before this feature knew the person's phone: linked at payment time.
      const leads = h.resolve<LeadRepository>('leadRepository');
      const old = newLead({
        id: randomUUID(),
        tenantId: shop.tenant.id,
        provider: 'manual',
        externalId: null,
        at: new Date(),
        details: {
          name: 'Old',
          phone: null,
          email: shop.student.email,
          city: null,
          region: null,
          category: null,
          answers: [],
          isTest: false,
        },
      });
      await leads.insertIfAbsent(old);
      const first = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
      // Ordering links; only paying moves the pipeline.
      const ordered = await getLead(shop.admin, old.id);
      expect(ordered).to.include({ user_id: shop.student.id, status: 'new' });
      expect(ordered.orders[0]).to.include({ id: first.id, status: 'pending', paid_at: null });
      await pay(first.id as string, '99000.00');
      expect(await getLead(shop.admin, old.id)).to.include({ user_id: shop.student.id, status: 'closed_won', value: 99000 });
      const second = await placeOrder(h, shop.student, [{ course_id: shop.courses[0]!.id }]);
      await pay(second.id as string, `${second.total_amount as number}.00`);
      const detail = await getLead(shop.admin, old.id);
      expect(detail).to.include({ status: 'closed_won', value: 99000 + (second.total_amount as number) });
      expect(detail.history.at(-1)).to.include({ type: 'value_changed', reason: 'payment' });
      // A refund that leaves something paid keeps the deal won, at the amount still paid.
      await pay(second.id as string, `${second.total_amount as number}.00`, 'refund');
      expect(await getLead(shop.admin, old.id)).to.include({ status: 'closed_won', value: 99000 });
    });

    it(
      "issue 26 probe: a student who puts a lead's phone in their profile and pays does not close it; once sales " +
        'confirms the suggestion, what they paid closes it, and later payments add to it',
      async () => {
        const shop = await openShop(h);
        const lead = await createLead(shop.admin, { phone: '0857 1234 5678' });
        const edit = await h.http.put('/api/user/self').set(shop.student.headers).send({ phone: '+62 857-1234-5678' });
        expect(edit.status, JSON.stringify(edit.body)).to.equal(200);
        const first = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
        expect((await pay(first.id as string, '99000.00')).status).to.equal(200);
        const untouched = await getLead(shop.admin, lead.id);
        expect(untouched).to.include({
          user_id: null,
          status: 'new',
          value: null,
          closed_at: null,
          suggested_user_id: shop.student.id,
          link_status: 'suggested',
        });
        expect(untouched.history.map((e) => e.type)).to.deep.equal(['created']);
        expect(untouched.orders).to.deep.equal([]);

        const confirmed = await h.http.patch(`/api/crm/leads/${lead.id}`).set(shop.admin.headers).send({ user_id: shop.student.id });
        expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
        // Confirming the link applies what the person already did (issue 29): their first payment closes it.
        expect(await getLead(shop.admin, lead.id)).to.include({ user_id: shop.student.id, status: 'closed_won', value: 99000 });
        const second = await placeOrder(h, shop.student, [{ course_id: shop.courses[0]!.id }]);
        expect((await pay(second.id as string, `${second.total_amount as number}.00`)).status).to.equal(200);
        const won = await getLead(shop.admin, lead.id);
        expect(won).to.include({ user_id: shop.student.id, status: 'closed_won', value: 99000 + (second.total_amount as number) });
        expect(won.history.filter((e) => e.type === 'status_changed')).to.have.length(1);
      },
    );

    it('a lead that arrives after its person paid is closed won at once, with what they paid (not left new)', async () => {
      const shop = await openShop(h);
      const order = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
      expect((await pay(order.id as string, '99000.00')).status).to.equal(200);
      const lead = await createLead(shop.admin, { email: shop.student.email });
      expect(lead).to.include({ user_id: shop.student.id, status: 'closed_won', value: 99000 });
      const detail = await getLead(shop.admin, lead.id);
      expect(detail).to.include({ status: 'closed_won', value: 99000 });
      expect(detail.history.map((e) => [e.type, e.reason])).to.deep.equal([
        ['created', null],
        ['linked', 'email'],
        ['status_changed', 'payment'],
      ]);
    });

    it('close_on_payment false leaves the pipeline alone (the lead is still linked)', async () => {
      const shop = await openShop(h);
      const off = await h.http.put('/api/crm/automation').set(shop.admin.headers).send({ close_on_payment: false });
      expect(off.status, JSON.stringify(off.body)).to.equal(200);
      expect(off.body.data.close_on_payment).to.equal(false);
      expect((await h.http.get('/api/crm/automation').set(shop.admin.headers).expect(200)).body.data).to.include({
        close_on_payment: false,
        mode: 'round_robin',
      });
      const lead = await createLead(shop.admin, { email: shop.student.email });
      const order = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
      await pay(order.id as string, '99000.00');
      const detail = await getLead(shop.admin, lead.id);
      expect(detail).to.include({ status: 'new', value: null, user_id: shop.student.id });
      expect(detail.orders[0]).to.include({ status: 'paid' });
    });
  });

  describe('dashboard funnel, sources and series', () => {
    let shop: Shop;
    let paidUser: TestUser;
    before(async () => {
      shop = await openShop(h);
      paidUser = shop.student;
      const other = await h.user(shop.tenant, Role.Student);
      const idle = await h.user(shop.tenant, Role.Student);
      // paidUser: 99000 paid and a certificate; other: 150000 paid (a category course at its own price) ; idle: nothing.
      const o1 = await placeOrder(h, paidUser, [{ course_id: shop.soloCourse.id }]);
      await h.http
        .post('/api/paygate/webhook')
        .send(signedNotification(h, { order_id: o1.id as string, gross_amount: '99000.00', transaction_status: 'settlement' }))
        .expect(200);
      const o2 = await placeOrder(h, other, [{ course_id: shop.courses[0]!.id }]);
      await h.http
        .post('/api/paygate/webhook')
        .send(
          signedNotification(h, {
            order_id: o2.id as string,
            gross_amount: `${o2.total_amount as number}.00`,
            transaction_status: 'settlement',
          }),
        )
        .expect(200);
      expect(o2.total_amount).to.equal(100000);
      await h.resolve<CertificateRepository>('certificateRepository').insertIfAbsent({
        id: randomUUID(),
        tenantId: shop.tenant.id,
        userId: paidUser.id,
        courseId: shop.soloCourse.id,
        code: randomUUID().replace(/-/g, '').slice(0, 16),
        studentName: 'S',
        courseTitle: 'Piano',
        issuedAt: new Date(),
      });
      const leads = h.resolve<LeadRepository>('leadRepository');
      const rows: Array<[string, string | null, string | null, string | null, string | null, string, boolean?]> = [
        // provider, campaign, form, ad, user, created (UTC), is_test
        ['meta', 'c1', 'f1', 'a1', paidUser.id, '2026-03-01T10:00:00Z'], // 17:00 in Jakarta, 1 March
        ['meta', 'c1', 'f1', 'a1', other.id, '2026-03-01T18:00:00Z'], // 01:00 in Jakarta, 2 March
        ['meta', 'c1', 'f1', 'a1', null, '2026-03-01T19:00:00Z'],
        ['meta', 'c1', 'f1', 'a2', idle.id, '2026-03-02T03:00:00Z'],
        ['google', 'g9', 'gf', 'cr7', other.id, '2026-03-09T03:00:00Z'],
        ['manual', null, null, null, null, '2026-03-09T04:00:00Z'],
        ['meta', 'c1', 'f1', 'a1', paidUser.id, '2026-03-09T05:00:00Z', true],
      ];
      for (const [provider, campaignId, formId, adId, userId, at, isTest] of rows) {
        const lead: Lead = {
          ...newLead({
            id: randomUUID(),
            tenantId: shop.tenant.id,
            provider,
            externalId: randomUUID(),
            at: new Date(at),
            source: { campaignId, formId, adId },
            details: {
              name: 'F',
              phone: null,
              email: null,
              city: null,
              region: null,
              category: null,
              answers: [],
              isTest: isTest ?? false,
            },
          }),
          userId,
        };
        expect(await leads.insertIfAbsent(lead)).to.equal(true);
      }
    });

    const dashboard = async (query: Json = {}) => {
      const res = await h.http.get('/api/crm/dashboard').query(query).set(shop.admin.headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data as Json & { funnel: Json; by_source: Json[]; series?: { group_by: string; time_zone: string; points: Json[] } };
    };

    it('counts leads → linked → paid → completed with revenue, overall and per provider, campaign, form and ad', async () => {
      const d = await dashboard({ from: '2026-03-01', to: '2026-03-31' });
      expect(d.funnel).to.deep.equal({
        leads: 6,
        linked: 4,
        paid: 3,
        completed: 1,
        linked_rate: 66.67,
        paid_rate: 50,
        completed_rate: 16.67,
        revenue: 99000 + 100000 + 100000,
      });
      expect(d.by_source).to.deep.equal([
        {
          provider: 'meta',
          campaign_id: 'c1',
          form_id: 'f1',
          ad_id: 'a1',
          leads: 3,
          linked: 2,
          paid: 2,
          completed: 1,
          revenue: 199000,
          conversion_rate: 66.67,
        },
        {
          provider: 'google',
          campaign_id: 'g9',
          form_id: 'gf',
          ad_id: 'cr7',
          leads: 1,
          linked: 1,
          paid: 1,
          completed: 0,
          revenue: 100000,
          conversion_rate: 100,
        },
        {
          provider: 'manual',
          campaign_id: null,
          form_id: null,
          ad_id: null,
          leads: 1,
          linked: 0,
          paid: 0,
          completed: 0,
          revenue: 0,
          conversion_rate: 0,
        },
        {
          provider: 'meta',
          campaign_id: 'c1',
          form_id: 'f1',
          ad_id: 'a2',
          leads: 1,
          linked: 1,
          paid: 0,
          completed: 0,
          revenue: 0,
          conversion_rate: 0,
        },
      ]);
      expect((await dashboard({ from: '2026-03-01', to: '2026-03-31', include_test: 'true' })).funnel).to.include({
        leads: 7,
        paid: 4,
        completed: 2,
      });
      expect(d).to.not.have.property('series');
    });

    it('?group_by=day|week|month adds a series cut in the tenant time zone', async () => {
      const utc = await dashboard({ from: '2026-03-01', to: '2026-03-31', group_by: 'day' });
      expect(utc.series).to.deep.equal({
        group_by: 'day',
        time_zone: 'UTC',
        points: [
          { period: '2026-03-01', leads: 3, paid: 2, revenue: 199000 },
          { period: '2026-03-02', leads: 1, paid: 0, revenue: 0 },
          { period: '2026-03-09', leads: 2, paid: 1, revenue: 100000 },
        ],
      });
      const zone = await h.http.put('/api/settings').set(shop.admin.headers).send({ TimeZone: 'Asia/Jakarta' });
      expect(zone.status, JSON.stringify(zone.body)).to.equal(200);
      const jakarta = await dashboard({ from: '2026-03-01', to: '2026-03-31', group_by: 'day' });
      expect(jakarta.series).to.deep.equal({
        group_by: 'day',
        time_zone: 'Asia/Jakarta',
        points: [
          { period: '2026-03-01', leads: 1, paid: 1, revenue: 99000 },
          { period: '2026-03-02', leads: 3, paid: 1, revenue: 100000 },
          { period: '2026-03-09', leads: 2, paid: 1, revenue: 100000 },
        ],
      });
      const weeks = await dashboard({ from: '2026-03-01', to: '2026-03-31', group_by: 'week' });
      // 1 March 2026 is a Sunday: its week starts on Monday 23 February.
      expect(weeks.series!.points).to.deep.equal([
        { period: '2026-02-23', leads: 1, paid: 1, revenue: 99000 },
        { period: '2026-03-02', leads: 3, paid: 1, revenue: 100000 },
        { period: '2026-03-09', leads: 2, paid: 1, revenue: 100000 },
      ]);
      const months = await dashboard({ from: '2026-03-01', to: '2026-03-31', group_by: 'month' });
      expect(months.series!.points).to.deep.equal([{ period: '2026-03-01', leads: 6, paid: 3, revenue: 299000 }]);
      expect((await h.http.get('/api/crm/dashboard').query({ group_by: 'year' }).set(shop.admin.headers)).status).to.equal(400);
    });
  });
});
