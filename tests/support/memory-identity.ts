import { libphonenumberPhoneNumbers } from '../../adapters/security/libphonenumber-phone-numbers.js';
import { noUserEvents } from '../../application/identity/ports/user-events.js';
import {
  MemoryLoginRepository,
  MemoryTenantRepository,
  MemoryUserRepository,
  MemoryVerificationCodeRepository,
} from '../../adapters/persistence/memory/identity.memory.js';
import {
  MemoryAuditLog,
  MemoryMailRepository,
  MemorySettings,
  MemoryUnitOfWork,
} from '../../adapters/persistence/memory/platform.memory.js';
import { testCache } from './test-cache.js';
import { MemoryPasskeyRepository } from '../../adapters/persistence/memory/passkey.memory.js';
import { JwtTokenService } from '../../adapters/security/jwt-token-service.js';
import { cryptoRandom, sha256Digest, uuidGenerator } from '../../adapters/security/crypto.js';
import { makeSessionIssuer } from '../../application/identity/session-issuer.js';
import type { PasswordHasher } from '../../application/identity/ports/security.js';
import type { JobOptions, Jobs } from '../../application/shared/ports.js';
import { makeMailer } from '../../application/platform/mail-service.js';
import type { User } from '../../domain/identity/user.js';
import type { RoleLevel } from '../../domain/identity/role.js';
import { FakeClock } from './fake-clock.js';

/** A reversible stand-in for argon2: use cases are tested for their rules, not for hashing cost. */
export const plainHasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (h, p) => h === `plain:${p}`,
  burn: async () => {},
};

export class RecordingJobs implements Jobs {
  readonly enqueued: Array<{ name: string; payload: unknown; options?: JobOptions }> = [];
  async enqueue(name: string, payload: unknown, options?: JobOptions) {
    this.enqueued.push({ name, payload, ...(options ? { options } : {}) });
  }
}

/** Identity use-case dependencies on memory adapters, shared by the unit tests. */
export function memoryIdentity() {
  const clock = new FakeClock();
  const userRepository = new MemoryUserRepository();
  const loginRepository = new MemoryLoginRepository(userRepository);
  const tenantRepository = new MemoryTenantRepository();
  const verificationCodeRepository = new MemoryVerificationCodeRepository();
  const settings = new MemorySettings();
  const auditLog = new MemoryAuditLog();
  const mailRepository = new MemoryMailRepository();
  const uow = new MemoryUnitOfWork();
  const jobs = new RecordingJobs();
  const tokenService = new JwtTokenService('x'.repeat(64), testCache());
  const base = {
    clock,
    ids: uuidGenerator,
    random: cryptoRandom,
    secretDigest: sha256Digest,
    passwordHasher: plainHasher,
    uow,
    auditLog,
    jobs,
    tokenService,
    phoneNumbers: libphonenumberPhoneNumbers('ID'),
    userEvents: noUserEvents,
  };
  const sessionIssuer = makeSessionIssuer({ ...base, loginRepository });
  const mailer = makeMailer({ mailRepository, jobs, clock, ids: uuidGenerator, mailDomain: 'test' });
  const deps = {
    ...base,
    userRepository,
    loginRepository,
    tenantRepository,
    verificationCodeRepository,
    settingsReader: settings,
    settingsRepository: settings,
    mailRepository,
    mailer,
    sessionIssuer,
    passkeyRepository: new MemoryPasskeyRepository(userRepository),
  };
  const tenantId = uuidGenerator.uuid();
  const addUser = async (role: RoleLevel, overrides: Partial<User> = {}): Promise<User> => {
    const id = uuidGenerator.uuid();
    const now = clock.now();
    const user: User = {
      id,
      tenantId,
      username: `u${id.slice(0, 6)}`,
      email: `${id.slice(0, 8)}@example.test`,
      displayName: 'Someone',
      avatar: null,
      role,
      status: 1,
      passwordHash: 'plain:password123',
      phone: null,
      emailVerifiedAt: null,
      lastLoginAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    };
    await userRepository.insert(user);
    return user;
  };
  const actorOf = (u: User) => ({ userId: u.id, role: u.role, tenantId: u.tenantId, homeTenantId: u.tenantId });
  return { deps, tenantId, addUser, actorOf, meta: { ip: '10.0.0.1', userAgent: 'unit' } };
}
