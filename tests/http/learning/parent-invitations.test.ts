import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP learning: parent invitations (a parent gets an account)', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const invite = (student: TestUser, email: string) =>
    h.http.post('/api/lms/student/parent-invitations').set(student.headers).send({ email });
  /** The token of the newest invitation mailed to the address, from the link in the mail. */
  const tokenFor = async (student: TestUser, email: string) => {
    const [mail] = await h.mailsTo(student.tenant, email);
    expect(mail, `a mail to ${email}`).to.not.equal(undefined);
    expect(mail!.template).to.equal('parent_invitation');
    const link = /(http\S+\/parent-invitation\?token=([0-9a-f]{64}))/.exec(mail!.text ?? '');
    expect(link, mail!.text ?? '').to.not.equal(null);
    expect(link![1]!.startsWith(h.app.config.publicUrl)).to.equal(true);
    return link![2]!;
  };
  // Public: no tenant header, the invitation names its tenant.
  const accept = (body: Record<string, unknown>) => h.http.post('/api/lms/parent-invitations/accept').send(body);

  it('invite → mailed link → accept creates a Parent account linked to the student, who it then follows; the link works once', async () => {
    const t = await h.tenant();
    const student = await h.user(t, Role.Student, { displayName: 'Budi Santoso' });
    const sent = await invite(student, 'Ibu.Budi@Example.test');
    expect(sent.status).to.equal(200);
    expect(sent.body.data.email).to.equal('ibu.budi@example.test');
    expect(new Date(sent.body.data.expires_at).getTime() - h.clock.now().getTime()).to.be.within(7 * 86_400_000 - 60_000, 7 * 86_400_000);
    const token = await tokenFor(student, 'ibu.budi@example.test');

    // No account yet: a name and a password are needed, and asking without them spends nothing.
    const bare = await accept({ token });
    expect(bare.status).to.equal(400);
    expect(bare.body.message).to.equal('A name and a password are needed to create the account');
    const res = await accept({ token, name: 'Ibu Budi', password: 'a long password' });
    expect(res.status).to.equal(200);
    expect(res.body.message).to.equal('Parent account created and linked');
    expect(res.body.data).to.deep.include({ account_created: true });
    expect(res.body.data.user).to.include({ email: 'ibu.budi@example.test', display_name: 'Ibu Budi', role: Role.Parent, status: 1 });
    expect(res.body.data.student).to.include({ id: student.id, display_name: 'Budi Santoso' });

    const login = await h.http.post('/api/auth/login').set(t.headers).send({ email: 'ibu.budi@example.test', password: 'a long password' });
    expect(login.status).to.equal(200);
    expect(login.body.data.user.role).to.equal(Role.Parent);
    const parent = { ...t.headers, Authorization: `Bearer ${login.body.data.access_token}` };
    const children = await h.http.get('/api/lms/parent/students').set(parent);
    expect(children.status).to.equal(200);
    expect(children.body.data.items.map((s: { id: string }) => s.id)).to.deep.equal([student.id]);
    expect((await h.http.get(`/api/lms/parent/students/${student.id}/progress`).set(parent)).status).to.equal(200);

    const again = await accept({ token, name: 'Ibu Budi', password: 'a long password' });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal('The invitation is invalid, expired or already used');
    expect((await accept({ token: 'not a token' })).body.message).to.equal('The invitation is invalid, expired or already used');

    // The outbox listing withholds the link: it is a secret of its recipient.
    const admin = await h.user(t, Role.Admin);
    const outbox = await h.http.get('/api/email/outbox').query({ to: 'ibu.budi@example.test' }).set(admin.headers);
    expect(outbox.body.data.items[0].text).to.match(/^\[withheld/);
    expect(JSON.stringify(outbox.body.data)).to.not.include(token);
  });

  it('an expired invitation is refused and creates nothing', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    expect((await invite(student, 'late@example.test')).status).to.equal(200);
    const token = await tokenFor(student, 'late@example.test');
    try {
      h.clock.advance(7 * 86_400_000 + 1000);
      const res = await accept({ token, name: 'Late', password: 'a long password' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('The invitation is invalid, expired or already used');
    } finally {
      h.clock.reset();
    }
    expect(
      (await h.http.post('/api/auth/login').set(t.headers).send({ email: 'late@example.test', password: 'a long password' })).status,
    ).to.equal(400);
  });

  it('an existing Student becomes a Parent; an Admin stays Admin; both are linked and keep their passwords (accounts made after the invitation)', async () => {
    const t = await h.tenant();
    const child = await h.user(t);
    // Invited before these accounts existed: a Student's or an Admin's address gets no invitation (below).
    for (const email of ['sibling@example.test', 'head@example.test']) expect((await invite(child, email)).status).to.equal(200);
    const sibling = await h.user(t, Role.Student, { email: 'sibling@example.test' });
    const head = await h.user(t, Role.Admin, { email: 'head@example.test' });

    const upgraded = await accept({ token: await tokenFor(child, sibling.email), name: 'Ignored', password: 'ignored password' });
    expect(upgraded.status).to.equal(200);
    expect(upgraded.body.message).to.equal('Account linked');
    expect(upgraded.body.data).to.deep.include({ account_created: false });
    expect(upgraded.body.data.user).to.include({ id: sibling.id, role: Role.Parent, display_name: sibling.user.displayName });
    // The role is read on every request: the same login now follows the child.
    const followed = await h.http.get('/api/lms/parent/students').set(sibling.headers);
    expect(followed.status).to.equal(200);
    expect(followed.body.data.items.map((s: { id: string }) => s.id)).to.deep.equal([child.id]);

    const kept = await accept({ token: await tokenFor(child, head.email) });
    expect(kept.status).to.equal(200);
    expect(kept.body.data.user).to.include({ id: head.id, role: Role.Admin });
    const self = await h.http.get('/api/user/self').set(head.headers);
    expect(self.body.data.role).to.equal(Role.Admin);
    expect((await h.http.get(`/api/lms/parent/students/${child.id}`).set(head.headers)).status).to.equal(200);
    for (const u of [sibling, head]) {
      expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: u.email, password: u.password })).status, u.email).to.equal(
        200,
      );
    }
  });

  it('uses one invitation once under concurrent accepts: one account, one link', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    await invite(student, 'race@example.test');
    const token = await tokenFor(student, 'race@example.test');
    const results = await Promise.all([1, 2, 3, 4].map((i) => accept({ token, name: `Racer ${i}`, password: 'a long password' })));
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 400, 400, 400]);
    const admin = await h.user(t, Role.Admin);
    const parents = await h.http.get('/api/users').query({ role: Role.Parent }).set(admin.headers);
    expect(parents.body.data.items.filter((u: { email: string }) => u.email === 'race@example.test')).to.have.length(1);
  });

  it('refuses non-students (403), inviting oneself (400) and a sixth invitation in an hour (429)', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    for (const role of [Role.Parent, Role.Mentor, Role.Admin]) {
      const other = await h.user(t, role);
      const res = await invite(other, 'someone@example.test');
      expect(res.status).to.equal(403);
    }
    const self = await invite(student, student.email.toUpperCase());
    expect(self.status).to.equal(400);
    expect(self.body.message).to.equal('You cannot invite yourself');
    expect((await invite(student, 'not an email')).status).to.equal(400);
    expect((await h.http.post('/api/lms/student/parent-invitations').set(t.headers).send({ email: 'a@example.test' })).status).to.equal(
      401,
    );
    for (let i = 0; i < 5; i++) expect((await invite(student, `p${i}@example.test`)).status).to.equal(200);
    const sixth = await invite(student, 'p5@example.test');
    expect(sixth.status).to.equal(429);
    expect(await h.mailsTo(t, 'p5@example.test')).to.have.length(0);
  });

  describe('what a student can mail (issue 26)', () => {
    it("mails only addresses no other member holds (a Parent's is fine), with the same answer either way", async () => {
      const t = await h.tenant();
      const student = await h.user(t);
      const others = [
        await h.user(t, Role.Student),
        await h.user(t, Role.Mentor),
        await h.user(t, Role.Admin),
        await h.user(await h.defaultTenant(), Role.SuperAdmin),
      ];
      const parent = await h.user(t, Role.Parent);
      for (const u of others) {
        const res = await invite(student, u.email.toUpperCase());
        expect(res.status, u.email).to.equal(200);
        expect(res.body.message).to.equal('Invitation sent');
        expect(res.body.data.email).to.equal(u.email);
        expect(await h.mailsTo(t, u.email), u.email).to.have.length(0);
      }
      expect((await invite(student, parent.email)).status).to.equal(200);
      const token = await tokenFor(student, parent.email);
      const accepted = await accept({ token });
      expect(accepted.status).to.equal(200);
      expect(accepted.body.data.user).to.include({ id: parent.id, role: Role.Parent });
    });

    it('quotes no text of the inviter but their name, on one line and cut to 60 characters', async () => {
      const t = await h.tenant();
      const name = `Budi\nSantoso \u202e${'x'.repeat(40)} Claim your prize at https://evil.example.test/win`;
      const student = await h.user(t, Role.Student, { displayName: name });
      expect((await invite(student, 'mum@example.test')).status).to.equal(200);
      const [mail] = await h.mailsTo(t, 'mum@example.test');
      const quoted = `Budi Santoso ${'x'.repeat(40)} Claim`;
      expect(quoted).to.have.length(59);
      expect(mail!.subject).to.include(`${quoted} invites you`);
      expect(mail!.text).to.include(`${quoted} invites you`);
      for (const text of [mail!.subject, mail!.text ?? '', mail!.html ?? '']) {
        expect(text).to.not.include('evil.example.test');
        expect(text).to.not.include('Budi\nSantoso');
        expect(text).to.not.include('\u202e');
      }
    });

    it('ParentInvitationsEnabled false: inviting and accepting answer 403 and nothing is mailed or made', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const student = await h.user(t);
      expect((await h.http.get('/api/settings').set(t.headers).expect(200)).body.data).to.include({ ParentInvitationsEnabled: true });
      await invite(student, 'early@example.test');
      const token = await tokenFor(student, 'early@example.test');

      await h.http.put('/api/settings').set(admin.headers).send({ ParentInvitationsEnabled: false }).expect(200);
      expect((await h.http.get('/api/settings').set(t.headers).expect(200)).body.data).to.include({ ParentInvitationsEnabled: false });
      const off = await invite(student, 'late@example.test');
      expect(off.status).to.equal(403);
      expect(off.body.message).to.equal('Parent invitations have been disabled');
      expect(await h.mailsTo(t, 'late@example.test')).to.have.length(0);
      const refused = await accept({ token, name: 'Early', password: 'a long password' });
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal('Parent invitations have been disabled');
      expect(
        (await h.http.get('/api/users').query({ search: 'early@example.test' }).set(admin.headers).expect(200)).body.data.items,
      ).to.deep.equal([]);

      await h.http.put('/api/settings').set(admin.headers).send({ ParentInvitationsEnabled: true }).expect(200);
      expect((await accept({ token, name: 'Early', password: 'a long password' })).status).to.equal(200);
    });
  });
});
