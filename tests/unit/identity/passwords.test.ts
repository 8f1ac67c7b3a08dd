import { expect } from 'chai';
import { MemoryPasswordResetRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import { makeChangeOwnPassword } from '../../../application/identity/use-cases/change-own-password.usecase.js';
import { makeRequestPasswordReset } from '../../../application/identity/use-cases/request-password-reset.usecase.js';
import { makeResetPassword } from '../../../application/identity/use-cases/reset-password.usecase.js';
import { makeUpdateUser } from '../../../application/identity/use-cases/update-user.usecase.js';
import { Role } from '../../../domain/identity/role.js';
import { memoryIdentity } from '../../support/memory-identity.js';

/** The identity memory world with the password reset pieces. */
function world() {
  const w = memoryIdentity();
  const passwordResetRepository = new MemoryPasswordResetRepository();
  const deps = {
    ...w.deps,
    passwordResetRepository,
    passwordResetPage: 'https://lms.example.test/reset-password',
    allowLocalHttpPages: false,
  };
  const mails = async () =>
    (await w.deps.mailRepository.list(w.tenantId, {}, { page: 1, pageSize: 100 })).items.filter((m) => m.template === 'password_reset');
  const tokenOf = (text: string | null) => /token=([0-9a-f]{64})/.exec(text ?? '')![1]!;
  return { ...w, deps, passwordResetRepository, mails, tokenOf };
}

describe('use cases: passwords (memory adapters)', () => {
  it('change own password: the current one must verify; every other login ends, this one stays; audited', async () => {
    const { deps, addUser, actorOf, meta } = world();
    const user = await addUser(Role.Student);
    const here = await deps.sessionIssuer.open(user, 'password', meta);
    const elsewhere = await deps.sessionIssuer.open(user, 'password', meta);
    const change = makeChangeOwnPassword(deps);

    expect(
      await change(actorOf(user), meta, here.loginId, { currentPassword: 'wrong one', newPassword: 'a new password' }),
    ).to.deep.include({ ok: false, error: 'WRONG_PASSWORD' });
    expect(await change(actorOf(user), meta, here.loginId, { currentPassword: 'password123', newPassword: 'short' })).to.deep.include({
      ok: false,
      error: 'WEAK_PASSWORD',
    });
    expect((await deps.userRepository.findById(user.tenantId, user.id))!.passwordHash).to.equal('plain:password123');
    expect(deps.loginRepository.logins.get(elsewhere.loginId)!.revokedAt).to.equal(null);

    expect(
      (await change(actorOf(user), meta, here.loginId, { currentPassword: 'password123', newPassword: 'a new password' })).ok,
    ).to.equal(true);
    expect((await deps.userRepository.findById(user.tenantId, user.id))!.passwordHash).to.equal('plain:a new password');
    expect(deps.loginRepository.logins.get(elsewhere.loginId)).to.include({ revokedReason: 'password_changed' });
    expect(deps.loginRepository.logins.get(here.loginId)!.revokedAt).to.equal(null);
    expect(deps.auditLog.actions()).to.include.members(['user.password_change_failed', 'user.password_change']);
  });

  it('change own password works for a Super Admin visiting another tenant, and not for a passkey-only account', async () => {
    const { deps, addUser, meta } = world();
    const root = await addUser(Role.SuperAdmin);
    const visiting = { userId: root.id, role: root.role, tenantId: 'another-tenant', homeTenantId: root.tenantId };
    expect(
      (await makeChangeOwnPassword(deps)(visiting, meta, null, { currentPassword: 'password123', newPassword: 'root password 2' })).ok,
    ).to.equal(true);
    expect((await deps.userRepository.findById(root.tenantId, root.id))!.passwordHash).to.equal('plain:root password 2');
    const passkeyOnly = await addUser(Role.Student, { passwordHash: null });
    const refused = await makeChangeOwnPassword(deps)(
      { userId: passkeyOnly.id, role: 1, tenantId: passkeyOnly.tenantId, homeTenantId: passkeyOnly.tenantId },
      meta,
      null,
      { currentPassword: 'anything at all', newPassword: 'a new password' },
    );
    expect(refused).to.deep.include({ ok: false, error: 'WRONG_PASSWORD' });
  });

  it('forgot password: a token mailed for an active account only, stored as a digest, earlier tokens void, five mails an hour', async () => {
    const { deps, tenantId, addUser, mails, tokenOf, passwordResetRepository } = world();
    const user = await addUser(Role.Student, { email: 'rina@example.test' });
    await addUser(Role.Student, { email: 'gone@example.test', status: 2 });
    const request = makeRequestPasswordReset(deps);
    await request(tenantId, 'nobody@example.test');
    await request(tenantId, 'gone@example.test');
    expect(await mails()).to.have.length(0);

    await request(tenantId, '  Rina@Example.TEST ');
    const [mail] = await mails();
    expect(mail).to.include({ to: 'rina@example.test' });
    expect(mail!.text).to.contain('https://lms.example.test/reset-password?token=');
    const token = tokenOf(mail!.text);
    const [stored] = [...passwordResetRepository.rows.values()];
    expect(stored).to.include({ userId: user.id, usedAt: null, tokenHash: deps.secretDigest.digest(token) });
    expect(stored!.tokenHash).to.not.equal(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).to.equal(30 * 60_000);

    await request(tenantId, 'rina@example.test');
    expect([...passwordResetRepository.rows.values()].filter((t) => t.usedAt === null)).to.have.length(1);
    for (let i = 0; i < 5; i++) await request(tenantId, 'rina@example.test');
    expect(await mails()).to.have.length(5);
  });

  it('forgot password: the tenant page is used for its users, never for a Super Admin', async () => {
    const { deps, tenantId, addUser, mails } = world();
    await deps.settingsRepository.save(tenantId, { PasswordResetUrl: 'https://school.example.test/reset' });
    await addUser(Role.Student, { email: 'student@example.test' });
    await addUser(Role.SuperAdmin, { email: 'root@example.test' });
    const request = makeRequestPasswordReset(deps);
    await request(tenantId, 'student@example.test');
    await request('another-tenant', 'root@example.test');
    const byRecipient = Object.fromEntries((await mails()).map((m) => [m.to, m.text]));
    expect(byRecipient['student@example.test']).to.contain('https://school.example.test/reset?token=');
    expect(byRecipient['root@example.test']).to.contain('https://lms.example.test/reset-password?token=');
  });

  it('reset password: sets it, ends every login, once; a used, expired, voided or unknown token is one error', async () => {
    const { deps, tenantId, addUser, meta, mails, tokenOf } = world();
    const user = await addUser(Role.Mentor, { email: 'mentor@example.test' });
    const login = await deps.sessionIssuer.open(user, 'password', meta);
    const request = makeRequestPasswordReset(deps);
    const reset = makeResetPassword(deps);
    await request(tenantId, user.email);
    const first = tokenOf((await mails())[0]!.text);
    await request(tenantId, user.email);
    const second = tokenOf((await mails()).find((m) => !m.text!.includes(first))!.text);

    expect(await reset(meta, { token: first, newPassword: 'mentor password 2' })).to.deep.include({
      ok: false,
      error: 'INVALID_RESET_TOKEN',
    });
    expect(await reset(meta, { token: 'f'.repeat(64), newPassword: 'mentor password 2' })).to.deep.include({
      ok: false,
      error: 'INVALID_RESET_TOKEN',
    });
    // A weak password does not spend the token.
    expect(await reset(meta, { token: second, newPassword: 'short' })).to.deep.include({ ok: false, error: 'WEAK_PASSWORD' });
    expect((await reset(meta, { token: second, newPassword: 'mentor password 2' })).ok).to.equal(true);
    expect((await deps.userRepository.findById(tenantId, user.id))!.passwordHash).to.equal('plain:mentor password 2');
    expect(deps.loginRepository.logins.get(login.loginId)).to.include({ revokedReason: 'password_reset' });
    expect(deps.auditLog.entries.find((e) => e.action === 'auth.password_reset')).to.include({ userId: user.id, resourceId: user.id });
    expect(await reset(meta, { token: second, newPassword: 'mentor password 3' })).to.deep.include({
      ok: false,
      error: 'INVALID_RESET_TOKEN',
    });

    await request(tenantId, user.email);
    const late = tokenOf((await mails()).find((m) => ![first, second].some((t) => m.text!.includes(t)))!.text);
    deps.clock.advance(30 * 60_000);
    try {
      expect(await reset(meta, { token: late, newPassword: 'mentor password 4' })).to.deep.include({
        ok: false,
        error: 'INVALID_RESET_TOKEN',
      });
    } finally {
      deps.clock.reset();
    }
  });

  it('reset password: concurrent uses of one token, one wins', async () => {
    const { deps, tenantId, addUser, meta, mails, tokenOf } = world();
    const user = await addUser(Role.Student);
    await makeRequestPasswordReset(deps)(tenantId, user.email);
    const token = tokenOf((await mails())[0]!.text);
    const reset = makeResetPassword(deps);
    const results = await Promise.all(
      ['first password', 'second password', 'third password'].map((p) => reset(meta, { token, newPassword: p })),
    );
    expect(results.filter((r) => r.ok)).to.have.length(1);
  });

  it('an admin sets the password of a lower user only, ending their logins; a peer or a Super Admin: refused', async () => {
    const { deps, addUser, actorOf, meta } = world();
    const admin = await addUser(Role.Admin);
    const mentor = await addUser(Role.Mentor);
    const peer = await addUser(Role.Admin);
    const root = await addUser(Role.SuperAdmin);
    const login = await deps.sessionIssuer.open(mentor, 'password', meta);
    const update = makeUpdateUser(deps);
    expect((await update(actorOf(admin), meta, mentor.id, { password: 'set by admin' })).ok).to.equal(true);
    expect((await deps.userRepository.findById(mentor.tenantId, mentor.id))!.passwordHash).to.equal('plain:set by admin');
    expect(deps.loginRepository.logins.get(login.loginId)).to.include({ revokedReason: 'password_reset' });
    for (const target of [peer, root]) {
      expect(await update(actorOf(admin), meta, target.id, { password: 'set by admin' })).to.deep.include({
        ok: false,
        error: 'INSUFFICIENT_PERMISSION',
      });
      expect((await deps.userRepository.findById(target.tenantId, target.id))!.passwordHash).to.equal('plain:password123');
    }
    expect(await update(actorOf(admin), meta, mentor.id, { password: 'short' })).to.deep.include({ ok: false, error: 'WEAK_PASSWORD' });
  });
});
