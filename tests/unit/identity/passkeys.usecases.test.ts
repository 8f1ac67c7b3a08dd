import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MemoryLoginRepository, MemoryUserRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import { MemoryPasskeyRepository } from '../../../adapters/persistence/memory/passkey.memory.js';
import { MemoryAuditLog, MemorySettings, MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';
import { testCache } from '../../support/test-cache.js';
import { MemoryKeyValueStore } from '../../../adapters/kv/memory-kv-store.js';
import { makeSimpleWebAuthnVerifier } from '../../../adapters/security/simplewebauthn-verifier.js';
import { JwtTokenService } from '../../../adapters/security/jwt-token-service.js';
import { cryptoRandom, sha256Digest } from '../../../adapters/security/crypto.js';
import { makeSessionIssuer } from '../../../application/identity/session-issuer.js';
import { makePasskeyChallenges, CHALLENGE_TTL_MS } from '../../../application/identity/passkey-challenges.js';
import { makeBeginPasskeyRegistration } from '../../../application/identity/use-cases/begin-passkey-registration.usecase.js';
import { makeFinishPasskeyRegistration } from '../../../application/identity/use-cases/finish-passkey-registration.usecase.js';
import { makeBeginPasskeyLogin } from '../../../application/identity/use-cases/begin-passkey-login.usecase.js';
import { makeBeginDiscoverablePasskeyLogin } from '../../../application/identity/use-cases/begin-discoverable-passkey-login.usecase.js';
import { makeFinishPasskeyLogin } from '../../../application/identity/use-cases/finish-passkey-login.usecase.js';
import { makeListOwnPasskeys } from '../../../application/identity/use-cases/list-own-passkeys.usecase.js';
import { makeDeleteOwnPasskey } from '../../../application/identity/use-cases/delete-own-passkey.usecase.js';
import { acceptsSignCount, MAX_PASSKEYS_PER_USER, type Passkey } from '../../../domain/identity/passkey.js';
import { Role, type RoleLevel } from '../../../domain/identity/role.js';
import type { User } from '../../../domain/identity/user.js';
import type { Actor } from '../../../application/shared/actor.js';
import type { CredentialResponseJson } from '../../../application/identity/ports/webauthn-verifier.js';
import { FakeClock } from '../../support/fake-clock.js';
import { SoftAuthenticator, type CreationOptionsJSON, type RequestOptionsJSON } from '../../support/soft-authenticator.js';

const ORIGIN = 'https://lms.test';
const meta = { ip: '127.0.0.1', userAgent: 'unit' };

function world() {
  const users = new MemoryUserRepository();
  const passkeyRepository = new MemoryPasskeyRepository(users);
  const loginRepository = new MemoryLoginRepository(users);
  const kv = new MemoryKeyValueStore();
  const clock = new FakeClock();
  const ids = { uuid: () => randomUUID() };
  const settings = new MemorySettings();
  const auditLog = new MemoryAuditLog();
  const uow = new MemoryUnitOfWork();
  const webAuthnVerifier = makeSimpleWebAuthnVerifier({ id: 'lms.test', name: 'LMS', origins: [ORIGIN] });
  const passkeyChallenges = makePasskeyChallenges({ kv, clock });
  const sessionIssuer = makeSessionIssuer({
    loginRepository,
    tokenService: new JwtTokenService('k'.repeat(48), testCache()),
    ids,
    random: cryptoRandom,
    secretDigest: sha256Digest,
    clock,
  });
  const deps = {
    userRepository: users,
    passkeyRepository,
    webAuthnVerifier,
    passkeyChallenges,
    settingsReader: settings,
    sessionIssuer,
    auditLog,
    clock,
    ids,
    uow,
  };
  const tenantId = randomUUID();
  const addUser = async (
    role: RoleLevel = Role.Student,
    overrides: Partial<User> = {},
    tenant = tenantId,
  ): Promise<{ user: User; actor: Actor }> => {
    const id = randomUUID();
    const now = clock.now();
    const user: User = {
      id,
      tenantId: tenant,
      username: `u${id.slice(0, 8)}`,
      email: `${id.slice(0, 8)}@example.test`,
      displayName: 'U',
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
      ...overrides,
    };
    await users.insert(user);
    return { user, actor: { userId: id, role, tenantId: tenant, homeTenantId: tenant } };
  };
  return {
    ...deps,
    users,
    loginRepository,
    kv,
    settings,
    tenantId,
    addUser,
    beginRegistration: makeBeginPasskeyRegistration(deps),
    finishRegistration: makeFinishPasskeyRegistration(deps),
    beginLogin: makeBeginPasskeyLogin(deps),
    beginDiscoverable: makeBeginDiscoverablePasskeyLogin(deps),
    finishLogin: makeFinishPasskeyLogin(deps),
    list: makeListOwnPasskeys(deps),
    remove: makeDeleteOwnPasskey(deps),
  };
}

type World = ReturnType<typeof world>;

async function registerWith(w: World, actor: Actor, auth = new SoftAuthenticator(ORIGIN)) {
  const begin = await w.beginRegistration(actor);
  if (!begin.ok) throw new Error(begin.error);
  const done = await w.finishRegistration(actor, meta, { credential: auth.create(begin.value as unknown as CreationOptionsJSON) });
  if (!done.ok) throw new Error(done.error);
  return { auth, passkey: done.value };
}

describe('unit passkeys: domain rule and challenge store', () => {
  it('accepts a counter only when it grows, or when both are zero (WebAuthn §7.2 step 21)', () => {
    expect(acceptsSignCount(0, 0)).to.equal(true);
    expect(acceptsSignCount(0, 1)).to.equal(true);
    expect(acceptsSignCount(5, 6)).to.equal(true);
    expect(acceptsSignCount(5, 5)).to.equal(false);
    expect(acceptsSignCount(5, 4)).to.equal(false);
    expect(acceptsSignCount(5, 0)).to.equal(false);
  });

  it('gives a ceremony back once, not after its 5 minutes, and never for a malformed challenge', async () => {
    const w = world();
    const challenge = 'A'.repeat(43);
    await w.passkeyChallenges.issue(challenge, { kind: 'login', tenantId: w.tenantId, userId: 'u1' });
    const taken = await w.passkeyChallenges.take(challenge);
    expect(taken).to.include({ kind: 'login', tenantId: w.tenantId, userId: 'u1' });
    expect(taken!.expiresAt.getTime() - Date.now()).to.be.closeTo(CHALLENGE_TTL_MS, 2000);
    expect(await w.passkeyChallenges.take(challenge)).to.equal(null);

    await w.passkeyChallenges.issue(challenge, { kind: 'registration', tenantId: w.tenantId, userId: 'u1' });
    w.clock.advance(CHALLENGE_TTL_MS);
    expect(await w.passkeyChallenges.take(challenge)).to.equal(null);

    expect(await w.passkeyChallenges.take('short')).to.equal(null);
    expect(await w.passkeyChallenges.take('x:y/../z'.repeat(4))).to.equal(null);
    expect(await w.passkeyChallenges.take(null)).to.equal(null);
    w.kv.close();
  });
});

describe('unit passkeys: use cases on memory adapters with a software authenticator', () => {
  let w: World;
  beforeEach(() => {
    w = world();
  });
  afterEach(() => w.kv.close());

  it('registers, lists, logs in by email and discoverably, then removes', async () => {
    const { user, actor } = await w.addUser();
    const { auth, passkey } = await registerWith(w, actor);
    expect(passkey).to.include({ tenantId: w.tenantId, userId: user.id, counter: 0, name: 'Passkey 1', lastUsedAt: null });
    expect(passkey.publicKey).to.be.instanceOf(Uint8Array);
    expect((await w.list(actor)).map((p) => p.id)).to.deep.equal([passkey.id]);

    const begin = await w.beginLogin(w.tenantId, user.email);
    expect(begin.ok).to.equal(true);
    const login = await w.finishLogin({
      tenantId: w.tenantId,
      mode: 'login',
      credential: auth.get(begin.ok ? (begin.value as unknown as RequestOptionsJSON) : { challenge: '' }),
      meta,
    });
    expect(login.ok).to.equal(true);
    if (!login.ok) return;
    expect(login.value.user.lastLoginAt).to.be.instanceOf(Date);
    expect((await w.users.findById(w.tenantId, user.id))!.lastLoginAt).to.be.instanceOf(Date);
    expect([...w.loginRepository.logins.values()].map((l) => l.method)).to.deep.equal(['passkey']);
    const stored = w.passkeyRepository.rows.get(passkey.id)!;
    expect(stored.counter).to.equal(1);
    expect(stored.lastUsedAt).to.be.instanceOf(Date);

    const disc = await w.beginDiscoverable(w.tenantId);
    if (!disc.ok) throw new Error(disc.error);
    const again = await w.finishLogin({
      tenantId: w.tenantId,
      mode: 'discoverable_login',
      credential: auth.get(disc.value as unknown as RequestOptionsJSON),
      meta,
    });
    expect(again.ok).to.equal(true);

    expect(await w.remove(actor, meta, passkey.id)).to.deep.equal({ ok: true, value: null });
    expect(await w.remove(actor, meta, passkey.id)).to.deep.equal({ ok: false, error: 'PASSKEY_NOT_FOUND' });
    expect(w.auditLog.actions()).to.deep.equal(['passkey.registered', 'auth.login', 'auth.login', 'passkey.removed']);
  });

  it('refuses registration beyond the per-user limit, at begin and at finish', async () => {
    const { actor } = await w.addUser();
    const auth = new SoftAuthenticator(ORIGIN);
    const begin = await w.beginRegistration(actor);
    if (!begin.ok) throw new Error(begin.error);
    const credential = auth.create(begin.value as unknown as CreationOptionsJSON);
    for (let i = 0; i < MAX_PASSKEYS_PER_USER; i++) {
      await w.passkeyRepository.insert(fakePasskey(w.tenantId, actor.userId, `cred-${i}`));
    }
    expect(await w.finishRegistration(actor, meta, { credential })).to.deep.equal({ ok: false, error: 'PASSKEY_LIMIT_REACHED' });
    expect(await w.beginRegistration(actor)).to.deep.equal({ ok: false, error: 'PASSKEY_LIMIT_REACHED' });
  });

  it('refuses a credential id already registered in the tenant, writing nothing', async () => {
    const { actor } = await w.addUser();
    const { actor: other } = await w.addUser();
    const begin = await w.beginRegistration(actor);
    if (!begin.ok) throw new Error(begin.error);
    const credential = new SoftAuthenticator(ORIGIN).create(begin.value as unknown as CreationOptionsJSON);
    await w.passkeyRepository.insert(fakePasskey(w.tenantId, other.userId, credential.id));
    expect(await w.finishRegistration(actor, meta, { credential })).to.deep.equal({ ok: false, error: 'PASSKEY_ALREADY_REGISTERED' });
    expect(await w.list(actor)).to.deep.equal([]);
    expect(w.auditLog.actions()).to.deep.equal(['passkey.registration_failed']);
  });

  it('opens no session when the counter update loses a race', async () => {
    const { user, actor } = await w.addUser();
    const { auth, passkey } = await registerWith(w, actor);
    const begin = await w.beginLogin(w.tenantId, user.email);
    if (!begin.ok) throw new Error(begin.error);
    const credential = auth.get(begin.value as unknown as RequestOptionsJSON);
    // Another assertion with a higher counter is recorded between the check and the update.
    w.passkeyRepository.rows.get(passkey.id)!.counter = 0;
    const original = w.passkeyRepository.recordUse.bind(w.passkeyRepository);
    w.passkeyRepository.recordUse = async (tenantId, id, use) => {
      w.passkeyRepository.rows.get(id)!.counter = 99;
      return original(tenantId, id, use);
    };
    const result = await w.finishLogin({ tenantId: w.tenantId, mode: 'login', credential, meta });
    expect(result).to.deep.equal({ ok: false, error: 'PASSKEY_VERIFICATION_FAILED', detail: 'counter' });
    expect(w.loginRepository.logins.size).to.equal(0);
    expect((await w.users.findById(w.tenantId, user.id))!.lastLoginAt).to.equal(null);
  });

  it('refuses a deactivated account after verifying, and records why', async () => {
    const { user, actor } = await w.addUser();
    const { auth } = await registerWith(w, actor);
    await w.users.update({ ...user, status: 2 });
    const begin = await w.beginLogin(w.tenantId, user.email);
    if (!begin.ok) throw new Error(begin.error);
    const result = await w.finishLogin({
      tenantId: w.tenantId,
      mode: 'login',
      credential: auth.get(begin.value as unknown as RequestOptionsJSON),
      meta,
    });
    expect(result).to.deep.equal({ ok: false, error: 'ACCOUNT_DEACTIVATED' });
    const failed = w.auditLog.entries.find((e) => e.action === 'auth.login_failed')!;
    expect(failed.userId).to.equal(user.id);
    expect(failed.metadata).to.include({ method: 'passkey', reason: 'ACCOUNT_DEACTIVATED' });
    expect(w.loginRepository.logins.size).to.equal(0);
  });

  it('honours PasskeyLoginEnabled at both begins', async () => {
    const { user, actor } = await w.addUser();
    await registerWith(w, actor);
    await w.settings.save(w.tenantId, { PasskeyLoginEnabled: false });
    expect(await w.beginLogin(w.tenantId, user.email)).to.deep.equal({ ok: false, error: 'PASSKEY_LOGIN_DISABLED' });
    expect(await w.beginDiscoverable(w.tenantId)).to.deep.equal({ ok: false, error: 'PASSKEY_LOGIN_DISABLED' });
  });

  it("binds an email ceremony to that account: another user's credential is unknown", async () => {
    const { user: without } = await w.addUser();
    const { user: owner, actor } = await w.addUser();
    const { actor: otherActor } = await w.addUser();
    await registerWith(w, actor);
    const { auth: otherAuth } = await registerWith(w, otherActor);
    expect(await w.beginLogin(w.tenantId, without.email)).to.deep.equal({ ok: false, error: 'NO_PASSKEYS' });
    const begin = await w.beginLogin(w.tenantId, owner.email);
    if (!begin.ok) throw new Error(begin.error);
    const credential: CredentialResponseJson = otherAuth.get(begin.value as unknown as RequestOptionsJSON, {
      credentialId: [...otherAuth.credentials.keys()][0],
    });
    expect(await w.finishLogin({ tenantId: w.tenantId, mode: 'login', credential, meta })).to.deep.equal({
      ok: false,
      error: 'PASSKEY_VERIFICATION_FAILED',
      detail: 'unknown_credential',
    });
  });

  it('lets a registration be finished only by the user, in the tenant, that began it', async () => {
    const { actor } = await w.addUser();
    const begin = await w.beginRegistration(actor);
    if (!begin.ok) throw new Error(begin.error);
    const credential = new SoftAuthenticator(ORIGIN).create(begin.value as unknown as CreationOptionsJSON);
    const elsewhere: Actor = { ...actor, tenantId: randomUUID() };
    expect(await w.finishRegistration(elsewhere, meta, { credential })).to.deep.equal({ ok: false, error: 'WEBAUTHN_CHALLENGE_INVALID' });
    expect(await w.finishRegistration(actor, meta, { credential })).to.deep.equal({ ok: false, error: 'WEBAUTHN_CHALLENGE_INVALID' });
  });
});

function fakePasskey(tenantId: string, userId: string, credentialId: string): Passkey {
  return {
    id: randomUUID(),
    tenantId,
    userId,
    credentialId,
    publicKey: new Uint8Array([1, 2, 3]),
    counter: 0,
    transports: [],
    name: 'x',
    aaguid: '00000000-0000-0000-0000-000000000000',
    deviceType: 'singleDevice',
    backedUp: false,
    createdAt: new Date(),
    lastUsedAt: null,
  };
}
