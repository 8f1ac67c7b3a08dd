import { expect } from 'chai';
import { makeLogin } from '../../../application/identity/use-cases/login.usecase.js';
import { makeRefreshSession } from '../../../application/identity/use-cases/refresh-session.usecase.js';
import { makeUpdateUser } from '../../../application/identity/use-cases/update-user.usecase.js';
import { makeDeleteOwnAccount } from '../../../application/identity/use-cases/delete-own-account.usecase.js';
import { makeAuthenticate } from '../../../application/identity/use-cases/authenticate.usecase.js';
import { makeClaimLogin } from '../../../application/identity/use-cases/claim-login.usecase.js';
import { acceptClaim } from '../../../application/identity/login-claim.js';
import { makeRegister } from '../../../application/identity/use-cases/register.usecase.js';
import { makeSendVerificationCode } from '../../../application/identity/use-cases/send-verification-code.usecase.js';
import { Role } from '../../../domain/identity/role.js';
import { memoryIdentity } from '../../support/memory-identity.js';

describe('use cases: identity (memory adapters)', () => {
  describe('login', () => {
    it('checks email, password, status, then the setting, in that order, and audits failures', async () => {
      const { deps, tenantId, addUser, meta } = memoryIdentity();
      const login = makeLogin(deps);
      const active = await addUser(Role.Student);
      const inactive = await addUser(Role.Student, { status: 2 });
      expect((await login({ tenantId, email: 'nobody@example.test', password: 'password123', meta })).ok).to.equal(false);
      const wrong = await login({ tenantId, email: active.email, password: 'nope', meta });
      expect(!wrong.ok && wrong.error).to.equal('INVALID_CREDENTIALS');
      const deactivated = await login({ tenantId, email: inactive.email, password: 'password123', meta });
      expect(!deactivated.ok && deactivated.error).to.equal('ACCOUNT_DEACTIVATED');
      await deps.settingsRepository.save(tenantId, { PasswordLoginEnabled: false });
      const disabled = await login({ tenantId, email: active.email, password: 'password123', meta });
      expect(!disabled.ok && disabled.error).to.equal('PASSWORD_LOGIN_DISABLED');
      // The deactivated account still answers "deactivated" before "disabled": the spec's order.
      const order = await login({ tenantId, email: inactive.email, password: 'password123', meta });
      expect(!order.ok && order.error).to.equal('ACCOUNT_DEACTIVATED');
      expect(deps.auditLog.actions().filter((a) => a === 'auth.login_failed')).to.have.length(5);
    });

    it('opens a login with a token pair and records the login time', async () => {
      const { deps, tenantId, addUser, meta } = memoryIdentity();
      const user = await addUser(Role.Mentor, { email: 'mentor@example.test' });
      const result = await makeLogin(deps)({ tenantId, email: '  Mentor@Example.TEST ', password: 'password123', meta });
      expect(result.ok).to.equal(true);
      if (!result.ok) return;
      expect(result.value.user.lastLoginAt).to.be.instanceOf(Date);
      const verified = deps.tokenService.verify(result.value.session.accessToken, 'access', deps.clock.now());
      expect(verified.ok && verified.claims).to.include({ id: user.id, role: Role.Mentor, tid: tenantId, typ: 'access' });
      expect(deps.loginRepository.logins.size).to.equal(1);
    });

    it('lets a Super Admin of another tenant log in (Super Admins are global)', async () => {
      const { deps, addUser, meta } = memoryIdentity();
      const root = await addUser(Role.SuperAdmin, { email: 'root@example.test' });
      const result = await makeLogin(deps)({ tenantId: 'another-tenant', email: root.email, password: 'password123', meta });
      expect(result.ok).to.equal(true);
    });
  });

  describe('a login claimed by a route whose statement reads it (issue 32)', () => {
    it('verifies a token without a read, and accepts the principal read later by the same rules as authenticate', async () => {
      const { deps, addUser, meta } = memoryIdentity();
      const user = await addUser(Role.Student);
      const session = await deps.sessionIssuer.open(user, 'password', meta);
      const claimed = await makeClaimLogin(deps)(user.tenantId, { bearer: session.accessToken }, Role.Mentor);
      if (!claimed.ok) throw new Error(claimed.error);
      const claim = claimed.value;
      expect(claim).to.deep.equal({
        via: 'token',
        loginId: session.loginId,
        userId: user.id,
        tenantId: user.tenantId,
        minimumRole: Role.Mentor,
      });
      const principal = await deps.loginRepository.principal(session.loginId);
      const now = deps.clock.now();
      // A role below the route's: 403; at the route's role: the actor authenticate would give.
      expect(acceptClaim(principal, claim, now)).to.deep.include({ ok: false, error: 'INSUFFICIENT_PERMISSION' });
      const asStudent = { ...claim, minimumRole: Role.Student };
      expect(acceptClaim(principal, asStudent, now)).to.deep.equal(
        await makeAuthenticate(deps)(user.tenantId, { bearer: session.accessToken }),
      );
      // Another user's claim on this login, another tenant's request, no login, a revoked one, a deactivated user.
      expect(acceptClaim(principal, { ...asStudent, userId: 'someone-else' }, now)).to.deep.include({ error: 'INVALID_TOKEN' });
      expect(acceptClaim(principal, { ...asStudent, tenantId: 'another-tenant' }, now)).to.deep.include({ error: 'TENANT_MISMATCH' });
      expect(acceptClaim(null, asStudent, now)).to.deep.include({ error: 'INVALID_TOKEN' });
      expect(acceptClaim({ ...principal!, revokedAt: now }, asStudent, now)).to.deep.include({ error: 'INVALID_TOKEN' });
      expect(acceptClaim({ ...principal!, status: 2 }, asStudent, now)).to.deep.include({ error: 'INVALID_TOKEN' });
      // A session's refusals are UNAUTHORIZED, its expiry counts.
      const viaSession = { ...asStudent, via: 'session' as const };
      expect(acceptClaim(principal, viaSession, now).ok).to.equal(true);
      expect(acceptClaim({ ...principal!, expiresAt: now }, viaSession, now)).to.deep.include({ error: 'UNAUTHORIZED' });
      // A forged or expired token is refused before any read.
      expect(await makeClaimLogin(deps)(user.tenantId, { bearer: `${session.accessToken}x` }, Role.Student)).to.deep.include({
        error: 'INVALID_TOKEN',
      });
      deps.clock.advance(301_000);
      expect(await makeClaimLogin(deps)(user.tenantId, { bearer: session.accessToken }, Role.Student)).to.deep.include({
        error: 'TOKEN_EXPIRED',
      });
      deps.clock.reset();
      expect(await makeClaimLogin(deps)(user.tenantId, {}, Role.Student)).to.deep.include({ error: 'UNAUTHORIZED' });
    });
  });

  describe('refresh rotation', () => {
    it('rotates once; a reused token revokes the family and is audited', async () => {
      const { deps, addUser, meta } = memoryIdentity();
      const user = await addUser(Role.Student);
      const session = await deps.sessionIssuer.open(user, 'password', meta);
      const refresh = makeRefreshSession(deps);
      const first = await refresh(session.refreshToken, meta);
      expect(first.ok).to.equal(true);
      const reuse = await refresh(session.refreshToken, meta);
      expect(!reuse.ok && reuse.error).to.equal('INVALID_TOKEN');
      expect(deps.loginRepository.logins.get(session.loginId)?.revokedReason).to.equal('refresh_reuse');
      if (first.ok) expect((await refresh(first.value.refreshToken, meta)).ok).to.equal(false);
      expect(deps.auditLog.actions()).to.include('auth.refresh_reuse');
      const authenticate = makeAuthenticate(deps);
      expect((await authenticate(user.tenantId, { bearer: session.accessToken })).ok).to.equal(false);
    });

    it('refuses refresh for a deactivated user and for an expired refresh token', async () => {
      const { deps, addUser, meta } = memoryIdentity();
      const user = await addUser(Role.Student);
      const session = await deps.sessionIssuer.open(user, 'password', meta);
      deps.clock.advance(7 * 24 * 3600 * 1000 + 1000);
      expect((await makeRefreshSession(deps)(session.refreshToken, meta)).ok).to.equal(false);
      deps.clock.reset();
      await deps.userRepository.update({ ...user, status: 2 });
      expect((await makeRefreshSession(deps)(session.refreshToken, meta)).ok).to.equal(false);
    });
  });

  describe('change user status with the hierarchy rules', () => {
    it('deactivates a lower user and ends their logins', async () => {
      const { deps, addUser, actorOf, meta } = memoryIdentity();
      const admin = await addUser(Role.Admin);
      const student = await addUser(Role.Student);
      const session = await deps.sessionIssuer.open(student, 'password', meta);
      const result = await makeUpdateUser(deps)(actorOf(admin), meta, student.id, { status: 2 });
      expect(result.ok && result.value.status).to.equal(2);
      expect(deps.loginRepository.logins.get(session.loginId)?.revokedReason).to.equal('deactivated');
      expect(deps.auditLog.actions()).to.include('user.status');
    });

    it("refuses a peer, a Super Admin, and a raise to the actor's level, changing nothing", async () => {
      const { deps, addUser, actorOf, meta } = memoryIdentity();
      const admin = await addUser(Role.Admin);
      const peer = await addUser(Role.Admin);
      const root = await addUser(Role.SuperAdmin);
      const student = await addUser(Role.Student);
      const update = makeUpdateUser(deps);
      for (const [target, change] of [
        [peer, { status: 2 as const }],
        [root, { status: 2 as const }],
        [student, { role: Role.Admin }],
      ] as const) {
        const result = await update(actorOf(admin), meta, target.id, change);
        expect(!result.ok && result.error).to.equal('INSUFFICIENT_PERMISSION');
      }
      expect((await deps.userRepository.findById(peer.tenantId, peer.id))?.status).to.equal(1);
      expect((await deps.userRepository.findById(student.tenantId, student.id))?.role).to.equal(Role.Student);
      expect(deps.auditLog.actions()).to.not.include('user.status');
    });

    it('answers USER_NOT_FOUND for a user of another tenant', async () => {
      const { deps, addUser, actorOf, meta } = memoryIdentity();
      const admin = await addUser(Role.Admin);
      const stranger = await addUser(Role.Student, { tenantId: 'other-tenant' });
      const result = await makeUpdateUser(deps)(actorOf(admin), meta, stranger.id, { status: 2 });
      expect(!result.ok && result.error).to.equal('USER_NOT_FOUND');
    });
  });

  describe('delete own account', () => {
    it('refuses the last Super Admin, allows one of two', async () => {
      const { deps, addUser, actorOf, meta } = memoryIdentity();
      const root = await addUser(Role.SuperAdmin);
      const del = makeDeleteOwnAccount(deps);
      const last = await del(actorOf(root), meta);
      expect(!last.ok && last.error).to.equal('LAST_SUPER_ADMIN');
      const second = await addUser(Role.SuperAdmin);
      expect((await del(actorOf(second), meta)).ok).to.equal(true);
      const gone = await deps.userRepository.findById(second.tenantId, second.id);
      expect(gone).to.include({ status: 2, displayName: 'Deleted user', passwordHash: null });
      expect(gone?.email).to.match(/@deleted\.invalid$/);
    });
  });

  describe('register with verification', () => {
    it('mails a code through the outbox and accepts it once', async () => {
      const { deps, tenantId, meta } = memoryIdentity();
      await deps.settingsRepository.save(tenantId, { EmailVerificationEnabled: true });
      const send = await makeSendVerificationCode(deps)(tenantId, 'New@Example.test');
      expect(send.ok).to.equal(true);
      const [mail] = [...deps.mailRepository.rows.values()];
      expect(mail?.to).to.equal('new@example.test');
      expect(deps.jobs.enqueued.map((j) => j.name)).to.deep.equal(['mail.deliver']);
      const code = /(\d{6})/.exec(mail!.text!)![1]!;
      const register = makeRegister(deps);
      const cmd = { tenantId, username: 'newbie', email: 'new@example.test', password: 'password123', displayName: 'New', meta };
      expect((await register({ ...cmd, verificationCode: code })).ok).to.equal(true);
      const again = await register({ ...cmd, email: 'new@example.test', verificationCode: code });
      expect(again.ok).to.equal(false);
    });

    it('limits codes to five per address per hour', async () => {
      const { deps, tenantId } = memoryIdentity();
      await deps.settingsRepository.save(tenantId, { EmailVerificationEnabled: true });
      const send = makeSendVerificationCode(deps);
      for (let i = 0; i < 5; i++) expect((await send(tenantId, 'a@example.test')).ok).to.equal(true);
      const sixth = await send(tenantId, 'a@example.test');
      expect(!sixth.ok && sixth.error).to.equal('TOO_MANY_CODES');
    });
  });
});
