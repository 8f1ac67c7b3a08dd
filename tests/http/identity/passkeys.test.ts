import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { asValue } from 'awilix';
import supertest from 'supertest';
import { harness, extraApplication, type Harness, type TestTenant, type TestUser } from '../../support/harness.js';
import { SoftAuthenticator, type AssertionTweaks, type CeremonyTweaks } from '../../support/soft-authenticator.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP passkeys (WebAuthn): register, log in, list, remove', () => {
  let h: Harness;
  let origin: string;
  before(async () => {
    h = await harness();
    origin = h.app.config.webauthnOrigins[0]!;
  });

  const authenticator = () => new SoftAuthenticator(origin);

  const beginRegistration = async (u: TestUser) => {
    const res = await h.http.post('/api/auth/webauthn/register/begin').set(u.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };

  const register = async (u: TestUser, auth = authenticator(), extra: Record<string, unknown> = {}, tweaks: CeremonyTweaks = {}) => {
    const options = await beginRegistration(u);
    return h.http
      .post('/api/auth/webauthn/register/finish')
      .set(u.headers)
      .send({ ...auth.create(options, tweaks), ...extra });
  };

  const registered = async (u: TestUser, auth = authenticator(), name?: string) => {
    const res = await register(u, auth, name ? { name } : {});
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return { auth, passkey: res.body.data as { id: string; name: string; created_at: string; last_used_at: string | null } };
  };

  const beginLogin = (t: TestTenant, email: string) => h.http.post('/api/auth/webauthn/login/begin').set(t.headers).send({ email });
  const beginDiscoverable = (t: TestTenant) => h.http.post('/api/auth/webauthn/login/discoverable/begin').set(t.headers);

  const loginByEmail = async (t: TestTenant, email: string, auth: SoftAuthenticator, tweaks: AssertionTweaks = {}) => {
    const begin = await beginLogin(t, email);
    expect(begin.status, JSON.stringify(begin.body)).to.equal(200);
    return h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(begin.body.data, tweaks));
  };

  const loginDiscoverably = async (t: TestTenant, auth: SoftAuthenticator, tweaks: AssertionTweaks = {}) => {
    const begin = await beginDiscoverable(t);
    expect(begin.status, JSON.stringify(begin.body)).to.equal(200);
    return h.http.post('/api/auth/webauthn/login/discoverable/finish').set(t.headers).send(auth.get(begin.body.data, tweaks));
  };

  const passkeysOf = async (u: TestUser) => {
    const res = await h.http.get('/api/user/self/passkeys').set(u.headers);
    expect(res.status).to.equal(200);
    return res.body.data as Array<{ id: string; name: string; created_at: string; last_used_at: string | null }>;
  };

  const audit = async (t: TestTenant, action: string) => {
    const admin = await h.user(t, Role.Admin);
    const res = await h.http.get('/api/audit-logs').query({ action, page_size: 100 }).set(admin.headers);
    expect(res.status).to.equal(200);
    return res.body.data.items as Array<{ user_id: string | null; resource_id: string | null; metadata: Record<string, unknown> }>;
  };

  const expectRefused = (res: supertest.Response, message: string, error?: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.success).to.equal(false);
    expect(res.body.message).to.equal(message);
    if (error !== undefined) expect(res.body.error).to.equal(error);
    expect(res.headers['set-cookie']).to.equal(undefined);
  };
  const CHALLENGE = 'Passkey challenge is invalid or expired';
  const VERIFY = 'Passkey verification failed';

  describe('registration', () => {
    it('answers creation options for the signed-in user, bound to the configured relying party', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const options = await beginRegistration(u);
      expect(options.rp).to.deep.equal({ id: h.app.config.WEBAUTHN_RP_ID, name: h.app.config.WEBAUTHN_RP_NAME });
      expect(options.user.name).to.equal(u.email);
      expect(Buffer.from(options.user.id, 'base64url').toString()).to.equal(u.id);
      expect(options.challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(options.timeout).to.equal(300_000);
      expect(options.attestation).to.equal('none');
      expect(options.authenticatorSelection).to.include({ userVerification: 'required', residentKey: 'preferred' });
      expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).to.include(-7);
      expect(options.excludeCredentials).to.deep.equal([]);
    });

    it('needs a signed-in user', async () => {
      const t = await h.tenant();
      const res = await h.http.post('/api/auth/webauthn/register/begin').set(t.headers);
      expect(res.status).to.equal(401);
      expect((await h.http.post('/api/auth/webauthn/register/finish').set(t.headers).send({})).status).to.equal(401);
      expect((await h.http.get('/api/user/self/passkeys').set(t.headers)).status).to.equal(401);
    });

    it('registers several passkeys per user, named or numbered, listed newest first, and audits it', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const first = await registered(u, authenticator(), 'Laptop');
      expect(first.passkey).to.have.keys('id', 'name', 'created_at', 'last_used_at');
      expect(first.passkey).to.include({ name: 'Laptop', last_used_at: null });
      const second = await registered(u);
      expect(second.passkey.name).to.equal('Passkey 2');

      const list = await passkeysOf(u);
      expect(list.map((p) => p.id)).to.deep.equal([second.passkey.id, first.passkey.id]);
      expect(list[1]).to.deep.equal(first.passkey);

      // The second begin excludes the credentials the user already has.
      const options = await beginRegistration(u);
      expect(options.excludeCredentials.map((c: { id: string }) => c.id).sort()).to.deep.equal(
        [...first.auth.credentials.keys(), ...second.auth.credentials.keys()].sort(),
      );

      const entries = await audit(t, 'passkey.registered');
      expect(entries.map((e) => e.resource_id).sort()).to.deep.equal([first.passkey.id, second.passkey.id].sort());
      expect(entries.every((e) => e.user_id === u.id)).to.equal(true);
    });

    it('refuses a wrong origin, a wrong rp id, a missing user verification and a login response, storing nothing', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      expectRefused(await register(u, authenticator(), {}, { origin: 'https://evil.example' }), VERIFY, 'origin');
      expectRefused(await register(u, authenticator(), {}, { rpId: 'evil.example' }), VERIFY, 'rp_id');
      expectRefused(await register(u, authenticator(), {}, { flags: 0x41 /* UP|AT, no UV */ }), VERIFY, 'user_verification');
      expectRefused(await register(u, authenticator(), {}, { type: 'webauthn.get' }), VERIFY, 'type');
      expect(await passkeysOf(u)).to.deep.equal([]);
      const failures = await audit(t, 'passkey.registration_failed');
      expect(failures.map((e) => e.metadata.reason).sort()).to.deep.equal(['origin', 'rp_id', 'type', 'user_verification']);
    });

    it('uses a registration challenge once, for its own user and tenant only', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const other = await h.user(t);
      const auth = authenticator();
      const credential = auth.create(await beginRegistration(u));

      // Another user (same tenant) cannot finish it, and the attempt burns it.
      expectRefused(await h.http.post('/api/auth/webauthn/register/finish').set(other.headers).send(credential), CHALLENGE);
      expectRefused(await h.http.post('/api/auth/webauthn/register/finish').set(u.headers).send(credential), CHALLENGE);

      const second = auth.create(await beginRegistration(u));
      const ok = await h.http.post('/api/auth/webauthn/register/finish').set(u.headers).send(second);
      expect(ok.status).to.equal(200);
      // Replay of the same response.
      expectRefused(await h.http.post('/api/auth/webauthn/register/finish').set(u.headers).send(second), CHALLENGE);
      expect(await passkeysOf(u)).to.have.length(1);
      expect(await passkeysOf(other)).to.have.length(0);
    });

    it('refuses a login challenge used to register, and an unknown challenge', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const discoverable = await beginDiscoverable(t);
      const auth = authenticator();
      const options = await beginRegistration(u);
      const forged = auth.create({ ...options, challenge: discoverable.body.data.challenge });
      expectRefused(await h.http.post('/api/auth/webauthn/register/finish').set(u.headers).send(forged), CHALLENGE);
      const unknown = auth.create({ ...options, challenge: Buffer.alloc(32, 7).toString('base64url') });
      expectRefused(await h.http.post('/api/auth/webauthn/register/finish').set(u.headers).send(unknown), CHALLENGE);
      expect(await passkeysOf(u)).to.deep.equal([]);
    });

    it('answers 400 Invalid parameters for a malformed credential', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const res = await h.http.post('/api/auth/webauthn/register/finish').set(u.headers).send({ id: 'abc', type: 'public-key' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
      expect(res.body.error).to.match(/rawId|response/);
    });
  });

  describe('login by email', () => {
    it('answers exactly what password login answers, with a session cookie, and records the use', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth, passkey } = await registered(u);

      const begin = await beginLogin(t, u.email.toUpperCase());
      expect(begin.status).to.equal(200);
      expect(begin.body.data.rpId).to.equal(h.app.config.WEBAUTHN_RP_ID);
      expect(begin.body.data.userVerification).to.equal('required');
      expect(begin.body.data.allowCredentials.map((c: { id: string }) => c.id)).to.deep.equal([...auth.credentials.keys()]);

      const res = await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(begin.body.data));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.message).to.equal('Login successful');
      expect(res.body.data).to.have.keys('user', 'access_token', 'refresh_token', 'expires_in', 'refresh_expires_in');
      expect(res.body.data.user).to.deep.equal({ id: u.id, email: u.email, display_name: u.user.displayName, role: 1, status: 1 });
      const claims = jwt.decode(res.body.data.access_token) as Record<string, unknown>;
      expect(claims).to.include({ id: u.id, tid: t.id, typ: 'access', iss: 'lms-crm-service' });
      expect(String(res.headers['set-cookie'])).to.match(/lms_session=.+httponly/i);

      const headers = { ...t.headers, Authorization: `Bearer ${res.body.data.access_token}` };
      const self = await h.http.get('/api/user/self').set(headers);
      expect(self.status).to.equal(200);
      expect(self.body.data.last_login_at).to.be.a('string');
      const refreshed = await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: res.body.data.refresh_token });
      expect(refreshed.status).to.equal(200);

      const [listed] = await passkeysOf(u);
      expect(listed!.id).to.equal(passkey.id);
      expect(listed!.last_used_at).to.be.a('string');

      const logins = (await audit(t, 'auth.login')).filter((e) => e.user_id === u.id);
      expect(logins).to.have.length(1);
      expect(logins[0]!.metadata).to.include({ method: 'passkey', passkey_id: passkey.id, discoverable: false });
    });

    it('works from a session cookie too (the cookie set by passkey login authenticates)', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      const agent = supertest.agent(h.app.callback);
      const begin = await agent.post('/api/auth/webauthn/login/begin').set(t.headers).send({ email: u.email });
      await agent.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(begin.body.data)).expect(200);
      const self = await agent.get('/api/user/self').set(t.headers);
      expect(self.status).to.equal(200);
      expect(self.body.data.id).to.equal(u.id);
    });

    it('answers NO_PASSKEYS alike for an unknown email and an account without passkeys', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      for (const email of [u.email, 'nobody@example.test']) {
        const res = await beginLogin(t, email);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ success: false, message: 'No passkey is registered for this email', code: 'NO_PASSKEYS' });
      }
    });

    it('refuses a replayed challenge (a response finishes once)', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      const begin = await beginLogin(t, u.email);
      const assertion = auth.get(begin.body.data);
      expect((await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(assertion)).status).to.equal(200);
      expectRefused(await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(assertion), CHALLENGE);
    });

    it('lets exactly one of 5 concurrent finishes of one response succeed', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      const begin = await beginLogin(t, u.email);
      const assertion = auth.get(begin.body.data);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(assertion)),
      );
      expect(results.filter((r) => r.status === 200)).to.have.length(1);
      for (const r of results.filter((x) => x.status !== 200)) expectRefused(r, CHALLENGE);
    });

    it('refuses an expired challenge (clock past 5 minutes)', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      const begin = await beginLogin(t, u.email);
      h.clock.advance(5 * 60 * 1000 + 1000);
      try {
        expectRefused(await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(begin.body.data)), CHALLENGE);
      } finally {
        h.clock.reset();
      }
      // Just inside the 5 minutes still works.
      const again = await beginLogin(t, u.email);
      h.clock.advance(5 * 60 * 1000 - 2000);
      try {
        expect((await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(again.body.data))).status).to.equal(200);
      } finally {
        h.clock.reset();
      }
    });

    it('refuses a wrong origin, a wrong rp id and a tampered signature, and the passkey still works after', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      expectRefused(await loginByEmail(t, u.email, auth, { origin: 'https://evil.example' }), VERIFY, 'origin');
      expectRefused(await loginByEmail(t, u.email, auth, { rpId: 'evil.example' }), VERIFY, 'rp_id');
      expectRefused(await loginByEmail(t, u.email, auth, { tamper: true }), VERIFY, 'signature');
      expectRefused(await loginByEmail(t, u.email, auth, { flags: 0x01 /* UP only */ }), VERIFY, 'user_verification');
      expectRefused(await loginByEmail(t, u.email, auth, { type: 'webauthn.create' }), VERIFY, 'type');
      const [listed] = await passkeysOf(u);
      expect(listed!.last_used_at).to.equal(null);
      expect((await loginByEmail(t, u.email, auth)).status).to.equal(200);

      const failures = (await audit(t, 'auth.login_failed')).filter((e) => e.user_id === u.id);
      expect(failures.map((e) => e.metadata.reason).sort()).to.deep.equal(['origin', 'rp_id', 'signature', 'type', 'user_verification']);
      expect(failures.every((e) => e.metadata.method === 'passkey')).to.equal(true);
    });

    it('refuses the credential of another user for an email login', async () => {
      const t = await h.tenant();
      const victim = await h.user(t);
      const attacker = await h.user(t);
      await registered(victim);
      const { auth: attackerAuth } = await registered(attacker);
      // The attacker's authenticator ignores allowCredentials and signs with its own credential.
      const res = await loginByEmail(t, victim.email, attackerAuth, { credentialId: [...attackerAuth.credentials.keys()][0] });
      expectRefused(res, VERIFY, 'unknown_credential');
      // Nor may it claim the victim's user handle with its own key.
      const res2 = await loginByEmail(t, victim.email, attackerAuth, {
        credentialId: [...attackerAuth.credentials.keys()][0],
        userHandle: Buffer.from(victim.id).toString('base64url'),
      });
      expectRefused(res2, VERIFY, 'unknown_credential');
    });

    it('refuses a credential whose user handle names someone else', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const other = await h.user(t);
      const { auth } = await registered(u);
      expectRefused(
        await loginByEmail(t, u.email, auth, { userHandle: Buffer.from(other.id).toString('base64url') }),
        VERIFY,
        'user_handle',
      );
      // Without a user handle an email login is fine (the email named the account).
      expect((await loginByEmail(t, u.email, auth, { userHandle: null })).status).to.equal(200);
    });

    it('checks signature counters: a regression is refused, an all-zero authenticator is accepted', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      expect((await loginByEmail(t, u.email, auth)).status).to.equal(200); // counter 1
      expect((await loginByEmail(t, u.email, auth)).status).to.equal(200); // counter 2
      expectRefused(await loginByEmail(t, u.email, auth, { counter: 2 }), VERIFY, 'counter');
      expectRefused(await loginByEmail(t, u.email, auth, { counter: 1 }), VERIFY, 'counter');
      expectRefused(await loginByEmail(t, u.email, auth, { counter: 0 }), VERIFY, 'counter');
      expect((await loginByEmail(t, u.email, auth, { counter: 7 })).status).to.equal(200);

      const synced = new SoftAuthenticator(origin, false);
      const v = await h.user(t);
      await registered(v, synced);
      expect((await loginByEmail(t, v.email, synced)).status).to.equal(200);
      expect((await loginByEmail(t, v.email, synced)).status).to.equal(200);
    });

    it('refuses a deactivated user with 403 after the signature check', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const u = await h.user(t);
      const { auth } = await registered(u);
      await h.http.put(`/api/users/${u.id}/status`).set(admin.headers).send({ status: 2 }).expect(200);
      const res = await loginByEmail(t, u.email, auth);
      expect(res.status).to.equal(403);
      expect(res.body.message).to.match(/^Your account has been deactivated/);
      expect(res.headers['set-cookie']).to.equal(undefined);
      // A forged assertion for a deactivated account is still only a verification failure.
      expectRefused(await loginByEmail(t, u.email, auth, { tamper: true }), VERIFY, 'signature');
      const failures = (await audit(t, 'auth.login_failed')).filter((e) => e.user_id === u.id);
      expect(failures.map((e) => e.metadata.reason)).to.include('ACCOUNT_DEACTIVATED');
    });

    it('refuses a deleted (anonymised) account, whose passkeys are removed with it', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      const begin = await beginDiscoverable(t);
      await h.http.delete('/api/user/self').set(u.headers).expect(200);
      const res = await h.http.post('/api/auth/webauthn/login/discoverable/finish').set(t.headers).send(auth.get(begin.body.data));
      expectRefused(res, VERIFY, 'unknown_credential');
      expect(await h.app.db.knex('passkeys').where({ user_id: u.id })).to.have.length(0);
    });

    it('removes the passkeys of a user an admin deletes', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const u = await h.user(t);
      await registered(u);
      expect(await h.app.db.knex('passkeys').where({ user_id: u.id })).to.have.length(1);
      await h.http.delete(`/api/users/${u.id}`).set(admin.headers).expect(200);
      expect(await h.app.db.knex('passkeys').where({ user_id: u.id })).to.have.length(0);
    });

    it('turns off with PasskeyLoginEnabled=false (400), begun ceremonies included; registration still works', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const u = await h.user(t);
      const { auth } = await registered(u);
      const pending = await beginLogin(t, u.email);
      await h.http.put('/api/settings').set(admin.headers).send({ PasskeyLoginEnabled: false }).expect(200);
      expect((await h.http.get('/api/settings').set(t.headers)).body.data.PasskeyLoginEnabled).to.equal(false);

      const disabled = 'Passkey login has been disabled. Use another sign-in method.';
      for (const res of [await beginLogin(t, u.email), await beginDiscoverable(t)]) {
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ success: false, message: disabled, code: 'PASSKEY_LOGIN_DISABLED' });
      }
      const finish = await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(pending.body.data));
      expect(finish.status).to.equal(400);
      expect(finish.body.message).to.equal(disabled);
      expect((await register(u)).status).to.equal(200);

      await h.http.put('/api/settings').set(admin.headers).send({ PasskeyLoginEnabled: true }).expect(200);
      expect((await loginByEmail(t, u.email, auth)).status).to.equal(200);
    });
  });

  describe('discoverable login', () => {
    it('logs in without an email: the user handle names the account', async () => {
      const t = await h.tenant();
      const u = await h.user(t, Role.Mentor);
      const { auth, passkey } = await registered(u);
      const begin = await beginDiscoverable(t);
      expect(begin.status).to.equal(200);
      expect(begin.body.data).to.not.have.property('allowCredentials');
      expect(begin.body.data.challenge).to.be.a('string');
      const res = await h.http.post('/api/auth/webauthn/login/discoverable/finish').set(t.headers).send(auth.get(begin.body.data));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.user).to.deep.equal({ id: u.id, email: u.email, display_name: u.user.displayName, role: 30, status: 1 });
      expect(String(res.headers['set-cookie'])).to.match(/lms_session=/);
      const logins = (await audit(t, 'auth.login')).filter((e) => e.user_id === u.id);
      expect(logins[0]!.metadata).to.include({ method: 'passkey', passkey_id: passkey.id, discoverable: true });
    });

    it("needs a user handle that names the credential's owner", async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const other = await h.user(t);
      const { auth } = await registered(u);
      expectRefused(await loginDiscoverably(t, auth, { userHandle: null }), VERIFY, 'user_handle');
      expectRefused(await loginDiscoverably(t, auth, { userHandle: Buffer.from(other.id).toString('base64url') }), VERIFY, 'user_handle');
    });

    it('refuses a credential of another tenant, and a challenge begun in another tenant', async () => {
      const a = await h.tenant();
      const b = await h.tenant();
      const u = await h.user(a);
      const { auth } = await registered(u);
      expectRefused(await loginDiscoverably(b, auth), VERIFY, 'unknown_credential');

      const begunInA = await beginDiscoverable(a);
      const res = await h.http.post('/api/auth/webauthn/login/discoverable/finish').set(b.headers).send(auth.get(begunInA.body.data));
      expectRefused(res, CHALLENGE);
      expect((await loginDiscoverably(a, auth)).status).to.equal(200);
    });

    it('keeps the ceremonies apart: an email-login challenge does not finish a discoverable login, nor a registration one a login', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const { auth } = await registered(u);
      const byEmail = await beginLogin(t, u.email);
      expectRefused(
        await h.http.post('/api/auth/webauthn/login/discoverable/finish').set(t.headers).send(auth.get(byEmail.body.data)),
        CHALLENGE,
      );
      const discoverable = await beginDiscoverable(t);
      expectRefused(await h.http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(discoverable.body.data)), CHALLENGE);
      const registration = await beginRegistration(u);
      expectRefused(
        await h.http
          .post('/api/auth/webauthn/login/discoverable/finish')
          .set(t.headers)
          .send(auth.get({ challenge: registration.challenge })),
        CHALLENGE,
      );
    });

    it('lets a Super Admin log in with their passkey from another tenant, as password login does', async () => {
      const home = await h.tenant();
      const elsewhere = await h.tenant();
      const root = await h.user(home, Role.SuperAdmin);
      const { auth } = await registered(root);
      const res = await loginDiscoverably(elsewhere, auth);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.user.id).to.equal(root.id);
      expect((await loginByEmail(elsewhere, root.email, auth)).status).to.equal(200);
    });
  });

  describe('listing and removing', () => {
    it("removes one's own passkey (audited); it no longer logs in; another user's is 404", async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const other = await h.user(t);
      const { auth, passkey } = await registered(u);
      const { passkey: kept } = await registered(u, authenticator(), 'Phone');

      const foreign = await h.http.delete(`/api/user/self/passkeys/${passkey.id}`).set(other.headers);
      expect(foreign.status).to.equal(404);
      expect(foreign.body.message).to.equal('Record not found');
      expect((await h.http.delete('/api/user/self/passkeys/not-a-uuid').set(u.headers)).status).to.equal(400);

      const res = await h.http.delete(`/api/user/self/passkeys/${passkey.id}`).set(u.headers);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ success: true, message: 'Passkey removed', data: null });
      expect((await h.http.delete(`/api/user/self/passkeys/${passkey.id}`).set(u.headers)).status).to.equal(404);
      expect((await passkeysOf(u)).map((p) => p.id)).to.deep.equal([kept.id]);

      expectRefused(await loginDiscoverably(t, auth), VERIFY, 'unknown_credential');
      const removed = await audit(t, 'passkey.removed');
      expect(removed.map((e) => [e.user_id, e.resource_id])).to.deep.equal([[u.id, passkey.id]]);
    });

    it("renames one's own passkey (audited, name trimmed); another user's is 404 and unchanged; a blank name is 400", async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const other = await h.user(t);
      const { passkey } = await registered(u, authenticator(), 'Laptop');

      const res = await h.http.patch(`/api/user/self/passkeys/${passkey.id}`).set(u.headers).send({ name: '  Work laptop ' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.deep.include({ success: true, message: 'Passkey renamed' });
      expect(res.body.data).to.deep.equal({ ...passkey, name: 'Work laptop' });
      expect((await passkeysOf(u)).map((p) => p.name)).to.deep.equal(['Work laptop']);

      const foreign = await h.http.patch(`/api/user/self/passkeys/${passkey.id}`).set(other.headers).send({ name: 'Mine now' });
      expect(foreign.status).to.equal(404);
      for (const body of [{ name: '   ' }, { name: 'x'.repeat(101) }, {}]) {
        expect((await h.http.patch(`/api/user/self/passkeys/${passkey.id}`).set(u.headers).send(body)).status).to.equal(400);
      }
      expect((await passkeysOf(u)).map((p) => p.name)).to.deep.equal(['Work laptop']);
      const renamed = await audit(t, 'passkey.renamed');
      expect(renamed.map((e) => [e.user_id, e.resource_id, e.metadata.name])).to.deep.equal([[u.id, passkey.id, 'Work laptop']]);
    });

    it("lists only the caller's passkeys", async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const other = await h.user(t);
      await registered(other);
      expect(await passkeysOf(u)).to.deep.equal([]);
    });
  });

  describe('across processes and configurations', () => {
    it('finishes in another API process what began in this one (the ceremony lives in the shared store)', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      // With REDIS_URL both apps share Redis by themselves; in memory they are given the same store.
      const other = await extraApplication(
        { JWT_SECRET: h.resolve<string>('jwtSecret') },
        process.env.REDIS_URL ? {} : { kv: asValue(h.resolve('kv')) },
      );
      try {
        const auth = authenticator();
        const options = await beginRegistration(u);
        const reg = await supertest(other.callback).post('/api/auth/webauthn/register/finish').set(u.headers).send(auth.create(options));
        expect(reg.status, JSON.stringify(reg.body)).to.equal(200);
        const begin = await supertest(other.callback).post('/api/auth/webauthn/login/discoverable/begin').set(t.headers);
        const res = await h.http.post('/api/auth/webauthn/login/discoverable/finish').set(t.headers).send(auth.get(begin.body.data));
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
      } finally {
        await other.close();
      }
    });

    it('takes the relying party from WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME and WEBAUTHN_ORIGINS', async () => {
      const t = await h.tenant();
      const u = await h.user(t);
      const app = await extraApplication({
        JWT_SECRET: h.resolve<string>('jwtSecret'),
        WEBAUTHN_RP_ID: 'lms.example',
        WEBAUTHN_RP_NAME: 'Example LMS',
        WEBAUTHN_ORIGINS: 'https://lms.example, https://app.lms.example',
      });
      try {
        const http = supertest(app.callback);
        const options = (await http.post('/api/auth/webauthn/register/begin').set(u.headers)).body.data;
        expect(options.rp).to.deep.equal({ id: 'lms.example', name: 'Example LMS' });
        const auth = new SoftAuthenticator('https://app.lms.example');
        expect((await http.post('/api/auth/webauthn/register/finish').set(u.headers).send(auth.create(options))).status).to.equal(200);
        const begin = await http.post('/api/auth/webauthn/login/begin').set(t.headers).send({ email: u.email });
        const ok = await http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(begin.body.data));
        expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
        // The default development origin is not one of them.
        const begin2 = await http.post('/api/auth/webauthn/login/begin').set(t.headers).send({ email: u.email });
        expectRefused(
          await http.post('/api/auth/webauthn/login/finish').set(t.headers).send(auth.get(begin2.body.data, { origin })),
          VERIFY,
          'origin',
        );
      } finally {
        await app.close();
      }
    });
  });
});
