import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  MemoryLoginRepository,
  MemoryPasswordResetRepository,
  MemoryUserRepository,
} from '../../../adapters/persistence/memory/identity.memory.js';
import type { PasswordResetRepository } from '../../../application/identity/ports/password-reset-repository.js';
import type { LoginRepository } from '../../../application/identity/ports/login-repository.js';
import type { UserRepository } from '../../../application/identity/ports/user-repository.js';
import type { User } from '../../../domain/identity/user.js';
import { Role } from '../../../domain/identity/role.js';
import { harness } from '../../support/harness.js';

interface Subject {
  users: UserRepository;
  logins: LoginRepository;
  resets: PasswordResetRepository;
  tenantId: () => Promise<string>;
}

const engines: Array<[string, () => Promise<Subject>]> = [
  [
    'memory',
    async () => {
      const users = new MemoryUserRepository();
      return {
        users,
        logins: new MemoryLoginRepository(users),
        resets: new MemoryPasswordResetRepository(),
        tenantId: async () => randomUUID(),
      };
    },
  ],
  [
    process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    async () => {
      const h = await harness();
      return {
        users: h.resolve('userRepository'),
        logins: h.resolve('loginRepository'),
        resets: h.resolve('passwordResetRepository'),
        tenantId: async () => (await h.tenant()).id,
      };
    },
  ],
];

const newUser = (tenantId: string, overrides: Partial<User> = {}): User => {
  const id = randomUUID();
  const now = new Date();
  return {
    id,
    tenantId,
    username: 'x',
    email: `${id}@example.test`,
    displayName: 'Name',
    avatar: null,
    role: Role.Student,
    status: 1,
    passwordHash: 'h',
    phone: null,
    emailVerifiedAt: null,
    lastLoginAt: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
};

for (const [engine, make] of engines) {
  describe(`contract: identity repositories (${engine})`, () => {
    let s: Subject;
    before(async () => {
      s = await make();
    });

    it('round-trips a user and scopes every read by tenant', async () => {
      const tenantId = await s.tenantId();
      const other = await s.tenantId();
      const u = newUser(tenantId, { avatar: 'https://x.test/a.png', role: Role.Mentor });
      expect(await s.users.insert(u)).to.equal(true);
      const read = await s.users.findById(tenantId, u.id);
      expect(read).to.deep.equal(u);
      expect(await s.users.findById(other, u.id)).to.equal(null);
      expect(await s.users.findByEmail(tenantId, u.email)).to.deep.equal(u);
      expect(await s.users.findByEmail(other, u.email)).to.equal(null);
      expect((await s.users.list(other, {}, { page: 1, pageSize: 10 })).total).to.equal(0);
    });

    it('refuses a second user with the same email in a tenant, allows it in another', async () => {
      const a = await s.tenantId();
      const b = await s.tenantId();
      const u = newUser(a);
      expect(await s.users.insert(u)).to.equal(true);
      expect(await s.users.insert({ ...newUser(a), email: u.email })).to.equal(false);
      expect(await s.users.insert({ ...newUser(b), email: u.email })).to.equal(true);
    });

    it('lists newest first with filters, search and totals', async () => {
      const t = await s.tenantId();
      const base = Date.now();
      for (let i = 0; i < 5; i++) {
        await s.users.insert(
          newUser(t, {
            displayName: i === 3 ? 'Zed Special' : `Person ${i}`,
            role: i % 2 ? Role.Mentor : Role.Student,
            createdAt: new Date(base + i * 1000),
          }),
        );
      }
      const page = await s.users.list(t, {}, { page: 1, pageSize: 2 });
      expect(page.total).to.equal(5);
      expect(page.items.map((u) => u.displayName)).to.deep.equal(['Person 4', 'Zed Special']);
      expect((await s.users.list(t, { role: Role.Mentor }, { page: 1, pageSize: 10 })).total).to.equal(2);
      expect((await s.users.list(t, { search: 'zed spec' }, { page: 1, pageSize: 10 })).items.map((u) => u.displayName)).to.deep.equal([
        'Zed Special',
      ]);
      expect((await s.users.list(t, { search: '100%' }, { page: 1, pageSize: 10 })).total).to.equal(0);
      expect(await s.users.countByRole(t)).to.deep.equal({ [Role.Student]: 3, [Role.Mentor]: 2 });
    });

    it('consumes a refresh token exactly once, even concurrently', async () => {
      const t = await s.tenantId();
      const u = newUser(t);
      await s.users.insert(u);
      const loginId = randomUUID();
      const now = new Date();
      await s.logins.create({
        id: loginId,
        tenantId: t,
        userId: u.id,
        method: 'password',
        sessionHash: randomUUID().replace(/-/g, ''),
        ip: null,
        userAgent: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 1000),
        revokedAt: null,
        revokedReason: null,
      });
      const jti = randomUUID();
      await s.logins.addRefreshToken({ jti, loginId, issuedAt: now, expiresAt: new Date(now.getTime() + 60_000) });
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => s.logins.consumeRefreshToken(jti, loginId, now)));
      expect(outcomes.filter((o) => o === 'consumed')).to.have.length(1);
      expect(outcomes.filter((o) => o === 'already_used')).to.have.length(7);
      expect(await s.logins.consumeRefreshToken(randomUUID(), loginId, now)).to.equal('unknown');
      const principal = await s.logins.principal(loginId);
      expect(principal).to.include({ loginId, userId: u.id, tenantId: t, role: Role.Student, status: 1, revokedAt: null });
      // The login lives as long as its newest refresh token.
      expect(principal?.expiresAt.getTime()).to.equal(now.getTime() + 60_000);
      expect(await s.logins.revokeAllOfUser(u.id, 'test', now)).to.equal(1);
      expect((await s.logins.principal(loginId))?.revokedAt).to.be.instanceOf(Date);
    });

    it('revokes every login of a user but the one kept', async () => {
      const t = await s.tenantId();
      const u = newUser(t);
      await s.users.insert(u);
      const now = new Date();
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of ids) {
        await s.logins.create({
          id,
          tenantId: t,
          userId: u.id,
          method: 'password',
          sessionHash: randomUUID().replace(/-/g, ''),
          ip: null,
          userAgent: null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 60_000),
          revokedAt: null,
          revokedReason: null,
        });
      }
      expect(await s.logins.revokeAllOfUser(u.id, 'password_changed', now, ids[1])).to.equal(2);
      expect(await Promise.all(ids.map(async (id) => (await s.logins.principal(id))!.revokedAt === null))).to.deep.equal([
        false,
        true,
        false,
      ]);
    });

    it('password reset tokens: used once (even concurrently), not after expiry, voided per user, counted per hour', async () => {
      const t = await s.tenantId();
      const u = newUser(t);
      const other = newUser(t);
      await s.users.insert(u);
      await s.users.insert(other);
      const now = new Date();
      const token = (userId: string, hash: string, createdAt = now) => ({
        id: randomUUID(),
        tenantId: t,
        userId,
        tokenHash: hash,
        expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
        usedAt: null,
        createdAt,
      });
      const h = () => randomUUID().replace(/-/g, '').padEnd(64, '0');
      const [a, b, c, old] = [h(), h(), h(), h()];
      await s.resets.insert(token(u.id, a));
      await s.resets.insert(token(other.id, b));
      await s.resets.insert(token(u.id, old, new Date(now.getTime() - 2 * 3600_000)));
      expect(await s.resets.countSince(t, u.id, new Date(now.getTime() - 3600_000))).to.equal(1);
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => s.resets.consume(a, now)));
      expect(outcomes.filter((o) => o !== null)).to.deep.equal([{ tenantId: t, userId: u.id }]);
      expect(await s.resets.consume(h(), now)).to.equal(null);
      // Expired: not usable at its expiry.
      expect(await s.resets.consume(b, new Date(now.getTime() + 30 * 60_000))).to.equal(null);
      await s.resets.insert(token(u.id, c));
      await s.resets.voidAllOfUser(t, u.id, now);
      expect(await s.resets.consume(c, now)).to.equal(null);
      // Another user's token is not voided with them.
      expect(await s.resets.consume(b, now)).to.deep.equal({ tenantId: t, userId: other.id });
    });
  });
}
