import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import { MemoryUserRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import { MemoryPasskeyRepository } from '../../../adapters/persistence/memory/passkey.memory.js';
import type { PasskeyRepository } from '../../../application/identity/ports/passkey-repository.js';
import type { Passkey } from '../../../domain/identity/passkey.js';
import { Role, type RoleLevel } from '../../../domain/identity/role.js';
import type { User } from '../../../domain/identity/user.js';

interface Fixture {
  repo: PasskeyRepository;
  tenantA: string;
  tenantB: string;
  /** A user of tenant A with that role. */
  user(tenantId: string, role?: RoleLevel): Promise<string>;
}

const passkey = (tenantId: string, userId: string, overrides: Partial<Passkey> = {}): Passkey => ({
  id: randomUUID(),
  tenantId,
  userId,
  credentialId: randomBytes(32).toString('base64url'),
  publicKey: new Uint8Array(randomBytes(77)),
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: 'Laptop',
  aaguid: randomUUID(),
  deviceType: 'multiDevice',
  backedUp: true,
  createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  lastUsedAt: null,
  ...overrides,
});

const engines: Array<[string, () => Promise<Fixture>]> = [
  [
    'memory',
    async () => {
      const users = new MemoryUserRepository();
      const user = async (tenantId: string, role: RoleLevel = Role.Student) => {
        const id = randomUUID();
        const now = new Date();
        const u: User = {
          id,
          tenantId,
          username: id,
          email: `${id}@x.test`,
          displayName: 'x',
          avatar: null,
          role,
          status: 1,
          passwordHash: null,
          phone: null,
          emailVerifiedAt: null,
          lastLoginAt: null,
          deletedAt: null,
          createdAt: now,
          updatedAt: now,
        };
        await users.insert(u);
        return id;
      };
      return { repo: new MemoryPasskeyRepository(users), tenantA: randomUUID(), tenantB: randomUUID(), user };
    },
  ],
  [
    process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    async () => {
      const h = await harness();
      const a = await h.tenant();
      const b = await h.tenant();
      const byId = new Map([
        [a.id, a],
        [b.id, b],
      ]);
      return {
        repo: h.resolve<PasskeyRepository>('passkeyRepository'),
        tenantA: a.id,
        tenantB: b.id,
        user: async (tenantId, role = Role.Student) => (await h.user(byId.get(tenantId)!, role)).id,
      };
    },
  ],
];

for (const [engine, setup] of engines) {
  describe(`contract PasskeyRepository (${engine})`, () => {
    let f: Fixture;
    beforeEach(async () => {
      f = await setup();
    });

    it('stores and reads back every field, the public key as a Uint8Array', async () => {
      const u = await f.user(f.tenantA);
      const p = passkey(f.tenantA, u, { counter: 4_000_000_000 });
      expect(await f.repo.insert(p)).to.equal(true);
      const [back] = await f.repo.listByUser(f.tenantA, u);
      expect(back!.publicKey).to.be.instanceOf(Uint8Array);
      expect(Buffer.from(back!.publicKey).equals(Buffer.from(p.publicKey))).to.equal(true);
      expect({ ...back!, publicKey: null }).to.deep.equal({ ...p, publicKey: null });
    });

    it('keeps credential ids unique per tenant, not across tenants', async () => {
      const a = await f.user(f.tenantA);
      const a2 = await f.user(f.tenantA);
      const b = await f.user(f.tenantB);
      const p = passkey(f.tenantA, a);
      expect(await f.repo.insert(p)).to.equal(true);
      expect(await f.repo.insert(passkey(f.tenantA, a2, { credentialId: p.credentialId }))).to.equal(false);
      expect(await f.repo.insert(passkey(f.tenantB, b, { credentialId: p.credentialId }))).to.equal(true);
      expect(await f.repo.listByUser(f.tenantA, a2)).to.deep.equal([]);
    });

    it("lists a user's passkeys newest first, scoped by tenant and user", async () => {
      const u = await f.user(f.tenantA);
      const other = await f.user(f.tenantA);
      const older = passkey(f.tenantA, u, { createdAt: new Date('2026-01-01T00:00:00Z') });
      const newer = passkey(f.tenantA, u, { createdAt: new Date('2026-02-01T00:00:00Z') });
      await f.repo.insert(older);
      await f.repo.insert(newer);
      await f.repo.insert(passkey(f.tenantA, other));
      expect((await f.repo.listByUser(f.tenantA, u)).map((p) => p.id)).to.deep.equal([newer.id, older.id]);
      expect(await f.repo.listByUser(f.tenantB, u)).to.deep.equal([]);
    });

    it("finds a login credential in the tenant, or a Super Admin's from anywhere, never another tenant's user's", async () => {
      const student = await f.user(f.tenantB);
      const root = await f.user(f.tenantB, Role.SuperAdmin);
      const s = passkey(f.tenantB, student);
      const r = passkey(f.tenantB, root);
      await f.repo.insert(s);
      await f.repo.insert(r);
      expect((await f.repo.findForLogin(f.tenantB, s.credentialId))?.id).to.equal(s.id);
      expect(await f.repo.findForLogin(f.tenantA, s.credentialId)).to.equal(null);
      expect((await f.repo.findForLogin(f.tenantA, r.credentialId))?.id).to.equal(r.id);
      expect(await f.repo.findForLogin(f.tenantA, 'unknown')).to.equal(null);
      // The tenant's own credential wins over a Super Admin's with the same id elsewhere.
      const local = passkey(f.tenantA, await f.user(f.tenantA), { credentialId: r.credentialId });
      await f.repo.insert(local);
      expect((await f.repo.findForLogin(f.tenantA, r.credentialId))?.id).to.equal(local.id);
    });

    it('records a use only while the counter rule holds against the stored value', async () => {
      const u = await f.user(f.tenantA);
      const p = passkey(f.tenantA, u);
      await f.repo.insert(p);
      const at = new Date('2026-03-01T10:00:00Z');
      expect(await f.repo.recordUse(f.tenantA, p.id, { counter: 0, backedUp: true, at })).to.equal(true);
      expect(await f.repo.recordUse(f.tenantA, p.id, { counter: 3, backedUp: false, at })).to.equal(true);
      expect(await f.repo.recordUse(f.tenantA, p.id, { counter: 3, backedUp: false, at })).to.equal(false);
      expect(await f.repo.recordUse(f.tenantA, p.id, { counter: 0, backedUp: false, at })).to.equal(false);
      expect(await f.repo.recordUse(f.tenantB, p.id, { counter: 9, backedUp: false, at })).to.equal(false);
      const [back] = await f.repo.listByUser(f.tenantA, u);
      expect(back).to.include({ counter: 3, backedUp: false });
      expect(back!.lastUsedAt!.toISOString()).to.equal(at.toISOString());
    });

    it("renames only the owner's passkey in its tenant, answering it whole", async () => {
      const u = await f.user(f.tenantA);
      const other = await f.user(f.tenantA);
      const p = passkey(f.tenantA, u);
      await f.repo.insert(p);
      expect(await f.repo.rename(f.tenantA, other, p.id, 'Stolen')).to.equal(null);
      expect(await f.repo.rename(f.tenantB, u, p.id, 'Elsewhere')).to.equal(null);
      expect(await f.repo.rename(f.tenantA, u, p.id, 'Desk key')).to.deep.equal({ ...p, name: 'Desk key' });
      expect(await f.repo.listByUser(f.tenantA, u)).to.deep.equal([{ ...p, name: 'Desk key' }]);
    });

    it("deletes only the owner's passkey in its tenant", async () => {
      const u = await f.user(f.tenantA);
      const other = await f.user(f.tenantA);
      const p = passkey(f.tenantA, u);
      await f.repo.insert(p);
      expect(await f.repo.delete(f.tenantA, other, p.id)).to.equal(false);
      expect(await f.repo.delete(f.tenantB, u, p.id)).to.equal(false);
      expect(await f.repo.delete(f.tenantA, u, p.id)).to.equal(true);
      expect(await f.repo.delete(f.tenantA, u, p.id)).to.equal(false);
      expect(await f.repo.listByUser(f.tenantA, u)).to.deep.equal([]);
    });
  });
}
