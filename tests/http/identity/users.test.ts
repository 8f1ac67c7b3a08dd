import { expect } from 'chai';
import { harness, TEST_PASSWORD, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP users: self and administration', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  describe('/api/user/self', () => {
    it('answers the caller, and PUT changes only display_name and avatar (role, status, email ignored)', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const self = await h.http.get('/api/user/self').set(u.headers);
      expect(self.status).to.equal(200);
      expect(self.body.data).to.include({ id: u.id, email: u.email, role: 1, status: 1 });
      expect(self.body.data).to.not.have.property('password_hash');

      const res = await h.http.put('/api/user/self').set(u.headers).send({
        display_name: 'New Name',
        avatar: 'https://cdn.example.test/a.png',
        role: 100,
        status: 2,
        email: 'evil@example.test',
        tenant_id: 'x',
      });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({
        display_name: 'New Name',
        avatar: 'https://cdn.example.test/a.png',
        role: 1,
        status: 1,
        email: u.email,
      });
      const again = await h.http.get('/api/user/self').set(u.headers);
      expect(again.body.data).to.include({ role: 1, status: 1, display_name: 'New Name' });
    });

    it('validates the profile fields', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const res = await h.http.put('/api/user/self').set(u.headers).send({ avatar: 'javascript:alert(1)', display_name: '' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
      expect(res.body.error)
        .to.match(/avatar/)
        .and.match(/display_name/);
    });

    it('DELETE deactivates, anonymises and logs the user out', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const admin = await h.user(t, Role.Admin);
      expect((await h.http.delete('/api/user/self').set(u.headers)).status).to.equal(200);
      expect((await h.http.get('/api/user/self').set(u.headers)).status).to.equal(401);
      expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: u.email, password: TEST_PASSWORD })).status).to.equal(400);
      expect((await h.http.get(`/api/users/${u.id}/detail`).set(admin.headers)).status).to.equal(404);
    });

    it('lets a Super Admin who is not the last one delete their account (the last one: unit test)', async () => {
      const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
      const res = await h.http.delete('/api/user/self').set(root.headers);
      expect(res.status).to.equal(200);
    });
  });

  describe('/api/users (Admin)', () => {
    it('refuses students and mentors with 403 Insufficient permission', async () => {
      const t = await h.tenant();
      for (const role of [Role.Student, Role.Parent, Role.Mentor]) {
        const u = await h.user(t, role);
        const res = await h.http.get('/api/users').set(u.headers);
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal({ success: false, message: 'Insufficient permission', code: 'INSUFFICIENT_PERMISSION' });
      }
    });

    it('lists with pagination, role, status and search filters', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      await h.user(t, Role.Student, { displayName: 'Alice Wonder' });
      await h.user(t, Role.Student, { displayName: 'Bob Builder', status: 2 });
      await h.user(t, Role.Mentor, { displayName: 'Carol Mentor' });
      const all = await h.http.get('/api/users').set(admin.headers);
      expect(all.body.data).to.include({ total: 4, page: 1, page_size: 10 });
      const page = await h.http.get('/api/users').query({ page: 2, page_size: 3 }).set(admin.headers);
      expect(page.body.data.items).to.have.length(1);
      expect(page.body.data.page).to.equal(2);
      const students = await h.http.get('/api/users').query({ role: 1 }).set(admin.headers);
      expect(students.body.data.total).to.equal(2);
      const inactive = await h.http.get('/api/users').query({ status: 2 }).set(admin.headers);
      expect(inactive.body.data.items.map((x: { display_name: string }) => x.display_name)).to.deep.equal(['Bob Builder']);
      const search = await h.http.get('/api/users').query({ search: 'carol' }).set(admin.headers);
      expect(search.body.data.items.map((x: { display_name: string }) => x.display_name)).to.deep.equal(['Carol Mentor']);
      const bySearchEmail = await h.http
        .get('/api/users')
        .query({ search: admin.email.slice(0, 8) })
        .set(admin.headers);
      expect(bySearchEmail.body.data.total).to.equal(1);
      const bad = await h.http.get('/api/users').query({ page_size: 500 }).set(admin.headers);
      expect(bad.status).to.equal(400);
    });

    it('creates users below the caller, refuses an Admin creating an Admin, and rejects a duplicate email', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const res = await h.http
        .post('/api/users')
        .set(admin.headers)
        .send({ name: 'Mentor One', email: 'Mentor.One@Example.test', password: 'long enough pw', role: 30, status: 1 });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ display_name: 'Mentor One', email: 'mentor.one@example.test', role: 30, status: 1 });
      const login = await h.http
        .post('/api/auth/login')
        .set(t.headers)
        .send({ email: 'mentor.one@example.test', password: 'long enough pw' });
      expect(login.status).to.equal(200);

      const peer = await h.http
        .post('/api/users')
        .set(admin.headers)
        .send({ name: 'Peer', email: 'peer@example.test', password: 'long enough pw', role: 99, status: 1 });
      expect(peer.status).to.equal(403);
      const root = await h.http
        .post('/api/users')
        .set(admin.headers)
        .send({ name: 'Root', email: 'root2@example.test', password: 'long enough pw', role: 100, status: 1 });
      expect(root.status).to.equal(403);
      const dup = await h.http
        .post('/api/users')
        .set(admin.headers)
        .send({ name: 'Dup', email: 'mentor.one@example.test', password: 'long enough pw', role: 1, status: 1 });
      expect(dup.status).to.equal(400);
      const short = await h.http
        .post('/api/users')
        .set(admin.headers)
        .send({ name: 'Short', email: 'short@example.test', password: 'short', role: 1, status: 1 });
      expect(short.status).to.equal(400);
      const list = await h.http.get('/api/users').query({ search: 'example.test' }).set(admin.headers);
      expect(list.body.data.items.map((x: { email: string }) => x.email)).to.not.include.members([
        'peer@example.test',
        'root2@example.test',
        'short@example.test',
      ]);
    });

    it('enforces the hierarchy on update: no Admin on Admin, nobody on a Super Admin, no raise to own level', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const otherAdmin = await h.user(t, Role.Admin);
      const root = await h.user(t, Role.SuperAdmin);
      const student = await h.user(t);

      const onAdmin = await h.http.put(`/api/users/${otherAdmin.id}`).set(admin.headers).send({ display_name: 'Hacked' });
      expect(onAdmin.status).to.equal(403);
      expect(onAdmin.body.message).to.equal('Insufficient permission');
      const onRoot = await h.http.put(`/api/users/${root.id}`).set(admin.headers).send({ status: 2 });
      expect(onRoot.status).to.equal(403);
      const rootOnRoot = await h.http.put(`/api/users/${root.id}`).set(root.headers).send({ display_name: 'x' });
      expect(rootOnRoot.status).to.equal(403);
      const raise = await h.http.put(`/api/users/${student.id}`).set(admin.headers).send({ role: 99 });
      expect(raise.status).to.equal(403);
      const status = await h.http.put(`/api/users/${otherAdmin.id}/status`).set(admin.headers).send({ status: 2 });
      expect(status.status).to.equal(403);
      const del = await h.http.delete(`/api/users/${otherAdmin.id}`).set(admin.headers);
      expect(del.status).to.equal(403);

      // Nothing changed.
      const check = await h.http.get(`/api/users/${otherAdmin.id}/detail`).set(root.headers);
      expect(check.body.data).to.include({ role: 99, status: 1, display_name: otherAdmin.user.displayName });
      expect((await h.http.get(`/api/users/${student.id}/detail`).set(admin.headers)).body.data.role).to.equal(1);

      // Allowed: an Admin promotes a student to Mentor; a Super Admin manages an Admin.
      const promote = await h.http.put(`/api/users/${student.id}`).set(admin.headers).send({ role: 30, display_name: 'Now Mentor' });
      expect(promote.status).to.equal(200);
      expect(promote.body.data).to.include({ role: 30, display_name: 'Now Mentor' });
      expect((await h.http.put(`/api/users/${otherAdmin.id}`).set(root.headers).send({ role: 30 })).body.data.role).to.equal(30);
    });

    it("deactivation (status 2) ends the user's tokens; reactivation allows login again", async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const student = await h.user(t);
      const res = await h.http.put(`/api/users/${student.id}/status`).set(admin.headers).send({ status: 2 });
      expect(res.status).to.equal(200);
      expect(res.body.data.status).to.equal(2);
      expect((await h.http.get('/api/user/self').set(student.headers)).status).to.equal(401);
      const refresh = await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: student.refreshToken });
      expect(refresh.status).to.equal(401);
      expect(refresh.body.message).to.equal('Invalid token');
      expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: student.email, password: TEST_PASSWORD })).status).to.equal(
        403,
      );
      await h.http.put(`/api/users/${student.id}/status`).set(admin.headers).send({ status: 1 }).expect(200);
      expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: student.email, password: TEST_PASSWORD })).status).to.equal(
        200,
      );
      const bad = await h.http.put(`/api/users/${student.id}/status`).set(admin.headers).send({ status: 7 });
      expect(bad.status).to.equal(400);
    });

    it('resets a password (old one refused, new one works) and deletes users', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const student = await h.user(t);
      await h.http.put(`/api/users/${student.id}`).set(admin.headers).send({ password: 'brand new secret' }).expect(200);
      expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: student.email, password: TEST_PASSWORD })).status).to.equal(
        400,
      );
      expect(
        (await h.http.post('/api/auth/login').set(t.headers).send({ email: student.email, password: 'brand new secret' })).status,
      ).to.equal(200);
      expect((await h.http.delete(`/api/users/${student.id}`).set(admin.headers)).status).to.equal(200);
      expect((await h.http.get(`/api/users/${student.id}/detail`).set(admin.headers)).status).to.equal(404);
      expect((await h.http.delete(`/api/users/${student.id}`).set(admin.headers)).status).to.equal(404);
    });

    it('answers 400 for a malformed uuid and 404 for an unknown one', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const bad = await h.http.get('/api/users/not-a-uuid/detail').set(admin.headers);
      expect(bad.status).to.equal(400);
      expect(bad.body).to.include({ success: false, message: 'Invalid parameters' });
      expect(bad.body.error).to.match(/^id:/);
      const unknown = await h.http.get('/api/users/3f2504e0-4f89-41d3-9a0c-0305e82c3301/detail').set(admin.headers);
      expect(unknown.status).to.equal(404);
      expect(unknown.body.message).to.equal('Record not found');
    });

    it('records admin changes in the audit log with the actor', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const student = await h.user(t);
      await h.http.put(`/api/users/${student.id}/status`).set(admin.headers).send({ status: 2 }).expect(200);
      const log = await h.http.get('/api/audit-logs').query({ user_id: admin.id }).set(admin.headers);
      expect(log.status).to.equal(200);
      const entry = log.body.data.items.find((e: { action: string }) => e.action === 'user.status');
      expect(entry).to.include({ user_id: admin.id, resource_type: 'user', resource_id: student.id });
      expect(entry.metadata.status).to.deep.equal({ from: 1, to: 2 });
    });
  });

  describe("a Super Admin's email is reserved in every tenant (issue 26)", () => {
    it("refuses it with 400 on admin create, register and an admin's email change, and creates or changes nothing", async () => {
      const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const shouted = root.email.toUpperCase();
      const created = await h.http
        .post('/api/users')
        .set(admin.headers)
        .send({ name: 'Impostor', email: shouted, password: 'long enough pw', role: 1, status: 1 });
      expect(created.status).to.equal(400);
      expect(created.body.message).to.equal('Email is already registered');
      const registered = await h.http
        .post('/api/auth/register')
        .set(t.headers)
        .send({ username: 'impostor', email: root.email, password: 'long enough pw', display_name: 'Impostor' });
      expect(registered.status).to.equal(400);
      expect(registered.body.message).to.equal('Email is already registered');
      const student = await h.user(t);
      const changed = await h.http.put(`/api/users/${student.id}`).set(admin.headers).send({ email: shouted });
      expect(changed.status).to.equal(400);
      expect(changed.body.message).to.equal('Email is already registered');
      const listed = await h.http.get('/api/users').query({ search: root.email }).set(admin.headers).expect(200);
      expect(listed.body.data.items).to.deep.equal([]);
      const kept = await h.http.get('/api/users').query({ search: student.email }).set(admin.headers).expect(200);
      expect(kept.body.data.items.map((u: { id: string }) => u.id)).to.deep.equal([student.id]);

      const login = await h.http.post('/api/auth/login').set(t.headers).send({ email: root.email, password: TEST_PASSWORD });
      expect(login.status).to.equal(200);
      expect(login.body.data.user.id).to.equal(root.id);
    });

    it('logs the Super Admin in from any tenant header, even where an account took the address before the rule', async () => {
      const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
      const t = await h.tenant();
      // Written straight to the table, as accounts made before the rule were (same password, to tell them apart by id).
      const taken = await h.user(t, Role.Student, { email: root.email });
      const login = await h.http.post('/api/auth/login').set(t.headers).send({ email: root.email, password: TEST_PASSWORD });
      expect(login.status, JSON.stringify(login.body)).to.equal(200);
      expect(login.body.data.user).to.include({ id: root.id, role: Role.SuperAdmin });
      expect(login.body.data.user.id).to.not.equal(taken.id);
    });
  });
});
