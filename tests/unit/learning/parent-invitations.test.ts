import { expect } from 'chai';
import { MemoryParentInvitationRepository } from '../../../adapters/persistence/memory/learning.memory.js';
import { cryptoRandom, sha256Digest, uuidGenerator } from '../../../adapters/security/crypto.js';
import { makeMailer } from '../../../application/platform/mail-service.js';
import { makeInviteParent } from '../../../application/learning/use-cases/invite-parent.usecase.js';
import { makeAcceptParentInvitation } from '../../../application/learning/use-cases/accept-parent-invitation.usecase.js';
import type { Actor } from '../../../application/shared/actor.js';
import { Role, type RoleLevel } from '../../../domain/identity/role.js';
import type { User } from '../../../domain/identity/user.js';
import { memoryIdentity } from '../../support/memory-identity.js';
import { memoryLearning } from './memory-learning.js';

const meta = { ip: null, userAgent: null };

/** Learning and identity memory worlds sharing one tenant: users live in both, as the tables are one. */
function world() {
  const m = memoryLearning();
  const identity = memoryIdentity();
  const parentInvitationRepository = new MemoryParentInvitationRepository(m.state);
  const savedUsers: User[] = [];
  const deps = {
    ...m.deps,
    random: cryptoRandom,
    secretDigest: sha256Digest,
    userEvents: {
      created: async (u: User) => {
        savedUsers.push(u);
      },
      contactEdited: async () => {},
    },
    userRepository: identity.deps.userRepository,
    passwordHasher: identity.deps.passwordHasher,
    settingsReader: identity.deps.settingsReader,
    // On the learning world's clock, so the outbox orders mails as the test moves time.
    mailer: makeMailer({
      mailRepository: identity.deps.mailRepository,
      jobs: identity.deps.jobs,
      clock: m.clock,
      ids: uuidGenerator,
      mailDomain: 'test',
    }),
    parentInvitationRepository,
    parentInvitationPage: 'https://lms.example.test/parent-invitation',
    allowLocalHttpPages: false,
  };
  let n = 0;
  const account = async (role: RoleLevel, over: Partial<User> = {}): Promise<User> => {
    const now = m.clock.now();
    const id = `10000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const user: User = {
      id,
      tenantId: m.tenantId,
      username: `u${n}`,
      email: `user${n}@example.test`,
      phone: null,
      displayName: `User ${n}`,
      avatar: null,
      role,
      status: 1,
      passwordHash: 'plain:password123',
      emailVerifiedAt: null,
      lastLoginAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...over,
    };
    await identity.deps.userRepository.insert(user);
    (deps.learnerDirectory as typeof m.deps.learnerDirectory).add(m.tenantId, {
      id,
      email: user.email,
      displayName: user.displayName,
      avatar: null,
      role,
      active: user.status === 1,
    });
    return user;
  };
  const actorOf = (u: User): Actor => ({ userId: u.id, role: u.role, tenantId: u.tenantId, homeTenantId: u.tenantId });
  const mails = async (to: string) => (await identity.deps.mailRepository.list(m.tenantId, { to }, { page: 1, pageSize: 100 })).items;
  const tokenOf = (text: string | null) => /token=([0-9a-f]{64})/.exec(text ?? '')![1]!;
  return {
    ...m,
    deps,
    identity,
    savedUsers,
    account,
    actorOf,
    mails,
    tokenOf,
    invite: makeInviteParent(deps),
    accept: makeAcceptParentInvitation(deps),
  };
}

describe('use cases: parent invitations (memory adapters)', () => {
  it('a student invites by email: a single-use link mailed, only its digest stored, 7 days; others, self and a sixth in an hour refused', async () => {
    const w = world();
    const student = await w.account(Role.Student, { displayName: 'Siti Rahma', email: 'siti@example.test' });
    for (const role of [Role.Parent, Role.Mentor, Role.Admin]) {
      expect(await w.invite(w.actorOf(await w.account(role)), meta, 'mum@example.test')).to.deep.include({
        ok: false,
        error: 'INSUFFICIENT_PERMISSION',
      });
    }
    expect(await w.invite(w.actorOf(student), meta, ' SITI@example.TEST ')).to.deep.include({ ok: false, error: 'CANNOT_INVITE_SELF' });
    expect(w.state.invitations.size).to.equal(0);

    const sent = await w.invite(w.actorOf(student), meta, ' Mum@Example.test ');
    expect(sent.ok && sent.value.email).to.equal('mum@example.test');
    expect(sent.ok && sent.value.expiresAt.getTime() - w.clock.now().getTime()).to.be.within(7 * 86_400_000 - 1000, 7 * 86_400_000);
    const [mail] = await w.mails('mum@example.test');
    expect(mail).to.include({ template: 'parent_invitation' });
    expect(mail!.text)
      .to.include('Siti Rahma')
      .and.match(/https:\/\/lms\.example\.test\/parent-invitation\?token=[0-9a-f]{64}/);
    const token = w.tokenOf(mail!.text);
    const [stored] = [...w.state.invitations.values()];
    expect(stored!.tokenHash).to.equal(sha256Digest.digest(token)).and.not.equal(token);

    await w.identity.deps.settingsRepository.save(w.tenantId, { ParentInvitationUrl: 'https://school.example.test/join?from=mail' });
    for (let i = 0; i < 4; i++) expect((await w.invite(w.actorOf(student), meta, `p${i}@example.test`)).ok).to.equal(true);
    expect((await w.mails('p0@example.test'))[0]!.text).to.match(/https:\/\/school\.example\.test\/join\?from=mail&token=[0-9a-f]{64}/);
    expect(await w.invite(w.actorOf(student), meta, 'p5@example.test')).to.deep.include({ ok: false, error: 'TOO_MANY_INVITATIONS' });
    w.clock.advance(3600_000 + 1);
    expect((await w.invite(w.actorOf(student), meta, 'p5@example.test')).ok).to.equal(true);
  });

  it('accepting creates a Parent account and the link; missing or weak details spend nothing; a used, replaced or expired token is refused', async () => {
    const w = world();
    const student = await w.account(Role.Student);
    await w.invite(w.actorOf(student), meta, 'mum@example.test');
    const token = w.tokenOf((await w.mails('mum@example.test'))[0]!.text);

    expect(await w.accept(meta, { token })).to.deep.include({ ok: false, error: 'ACCOUNT_DETAILS_REQUIRED' });
    expect(await w.accept(meta, { token, name: 'Ibu Rahma', password: 'short' })).to.deep.include({ ok: false, error: 'WEAK_PASSWORD' });
    const accepted = await w.accept(meta, { token, name: 'Ibu Rahma', password: 'a long password' });
    expect(accepted.ok).to.equal(true);
    if (!accepted.ok) return;
    expect(accepted.value.accountCreated).to.equal(true);
    expect(accepted.value.parent).to.include({
      email: 'mum@example.test',
      displayName: 'Ibu Rahma',
      role: Role.Parent,
      status: 1,
      passwordHash: 'plain:a long password',
    });
    expect(accepted.value.student.id).to.equal(student.id);
    expect(await w.deps.parentLinkRepository.isLinked(w.tenantId, accepted.value.parent.id, student.id)).to.equal(true);
    // The new account is announced (the CRM links the leads naming it).
    expect(w.savedUsers.map((u) => u.id)).to.deep.equal([accepted.value.parent.id]);
    expect(await w.accept(meta, { token, name: 'Again', password: 'a long password' })).to.deep.include({
      ok: false,
      error: 'INVALID_PARENT_INVITATION',
    });
    expect(await w.accept(meta, { token: 'f'.repeat(64) })).to.deep.include({ ok: false, error: 'INVALID_PARENT_INVITATION' });

    // A second invitation to the same address replaces the first; the new one expires after 7 days.
    await w.invite(w.actorOf(student), meta, 'dad@example.test');
    w.clock.advance(1000);
    await w.invite(w.actorOf(student), meta, 'dad@example.test');
    const [newer, older] = (await w.mails('dad@example.test')).map((m) => w.tokenOf(m.text));
    expect(await w.accept(meta, { token: older!, name: 'Dad', password: 'a long password' })).to.deep.include({
      ok: false,
      error: 'INVALID_PARENT_INVITATION',
    });
    w.clock.advance(7 * 86_400_000 + 1);
    expect(await w.accept(meta, { token: newer!, name: 'Dad', password: 'a long password' })).to.deep.include({
      ok: false,
      error: 'INVALID_PARENT_INVITATION',
    });
    expect(await w.identity.deps.userRepository.findByEmail(w.tenantId, 'dad@example.test')).to.equal(null);
  });

  it(
    'an existing Student becomes a Parent; a higher role keeps its role; both are linked, their passwords untouched; a ' +
      'deactivated account is refused',
    async () => {
      const w = world();
      const child = await w.account(Role.Student);
      const gone = await w.account(Role.Parent, { email: 'gone@example.test', status: 2 });
      // Invited before these accounts existed: a Student's or an Admin's address gets no invitation.
      for (const to of ['sibling@example.test', 'head@example.test', gone.email]) await w.invite(w.actorOf(child), meta, to);
      const sibling = await w.account(Role.Student, { email: 'sibling@example.test' });
      const admin = await w.account(Role.Admin, { email: 'head@example.test' });
      const tokenFor = async (to: string) => w.tokenOf((await w.mails(to))[0]!.text);

      const upgraded = await w.accept(meta, { token: await tokenFor(sibling.email), name: 'ignored', password: 'ignored password' });
      expect(upgraded.ok && upgraded.value).to.deep.include({ accountCreated: false });
      const s = await w.identity.deps.userRepository.findById(w.tenantId, sibling.id);
      expect(s).to.include({ role: Role.Parent, passwordHash: 'plain:password123', displayName: sibling.displayName });

      const kept = await w.accept(meta, { token: await tokenFor(admin.email) });
      expect(kept.ok && kept.value.parent.role).to.equal(Role.Admin);
      expect((await w.identity.deps.userRepository.findById(w.tenantId, admin.id))!.role).to.equal(Role.Admin);
      expect(await w.deps.parentLinkRepository.studentIdsOf(w.tenantId, admin.id)).to.deep.equal([child.id]);
      expect(await w.deps.parentLinkRepository.studentIdsOf(w.tenantId, sibling.id)).to.deep.equal([child.id]);

      expect(await w.accept(meta, { token: await tokenFor(gone.email) })).to.deep.include({
        ok: false,
        error: 'INVALID_PARENT_INVITATION',
      });
      expect(await w.deps.parentLinkRepository.studentIdsOf(w.tenantId, gone.id)).to.deep.equal([]);
      expect(w.deps.auditLog.entries.filter((e) => e.action === 'parent.invitation_accept').map((e) => e.userId)).to.deep.equal([
        sibling.id,
        admin.id,
      ]);
    },
  );

  it(
    "mails no other member's address (a Parent's is fine) and no Super Admin's, with the same answer; a Super Admin's " +
      'address accepts nothing (issue 26)',
    async () => {
      const w = world();
      const child = await w.account(Role.Student, { displayName: `  Siti\tRahma ${'y'.repeat(70)}` });
      const mentor = await w.account(Role.Mentor, { email: 'mentor@example.test' });
      const parent = await w.account(Role.Parent, { email: 'parent@example.test' });
      const refused = await w.invite(w.actorOf(child), meta, mentor.email);
      expect(refused.ok && refused.value.email).to.equal(mentor.email);
      expect(await w.mails(mentor.email)).to.have.length(0);
      expect(w.state.invitations.size).to.equal(0);
      expect(w.deps.auditLog.entries.filter((e) => e.action === 'parent.invite').map((e) => e.metadata)).to.deep.equal([
        { email: mentor.email, mailed: false },
      ]);
      expect((await w.invite(w.actorOf(child), meta, parent.email)).ok).to.equal(true);
      const [mail] = await w.mails(parent.email);
      expect(mail!.subject).to.include(`: Siti Rahma ${'y'.repeat(49)} invites you`);

      // Mailed before the address became a Super Admin's: accepting makes nothing.
      await w.invite(w.actorOf(child), meta, 'root@example.test');
      const token = w.tokenOf((await w.mails('root@example.test'))[0]!.text);
      await w.identity.deps.userRepository.insert({
        ...parent,
        id: '20000000-0000-4000-8000-000000000001',
        tenantId: 'another-tenant',
        email: 'root@example.test',
        role: Role.SuperAdmin,
      });
      expect(await w.accept(meta, { token, name: 'Root', password: 'a long password' })).to.deep.include({
        ok: false,
        error: 'INVALID_PARENT_INVITATION',
      });
      expect(await w.identity.deps.userRepository.findByEmail(w.tenantId, 'root@example.test')).to.equal(null);
    },
  );
});
