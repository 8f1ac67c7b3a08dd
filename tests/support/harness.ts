import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { asValue, type Resolver } from 'awilix';
import supertest from 'supertest';
import { buildApplication, type Application, type BuildOptions } from '../../composition/container.js';
import { loadConfig, type Config } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { Role, type RoleLevel } from '../../domain/identity/role.js';
import type { User } from '../../domain/identity/user.js';
import type { Tenant } from '../../domain/identity/tenant.js';
import type { UserRepository } from '../../application/identity/ports/user-repository.js';
import type { LoginRepository } from '../../application/identity/ports/login-repository.js';
import type { TenantRepository } from '../../application/identity/ports/tenant-repository.js';
import type { SessionIssuer } from '../../application/identity/session-issuer.js';
import type { PasswordHasher } from '../../application/identity/ports/security.js';
import type { MailMessage, MailRepository } from '../../application/platform/ports.js';
import { FakeClock } from './fake-clock.js';
import { OpenApiResponseValidator } from './openapi-validator.js';
import { trackQueuePrefix } from './queue-keys.js';

export const TEST_PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: RoleLevel;
  tenant: TestTenant;
  /** A fresh access token (issued directly, without spending an argon2 verification). */
  token: string;
  refreshToken: string;
  user: User;
  /** Headers of an authenticated request in this user's tenant. */
  headers: Record<string, string>;
}

export interface TestTenant {
  id: string;
  slug: string;
  headers: Record<string, string>;
}

/**
 * One composed application for the whole test run (migrations once, toolchain notes), on PGlite
 * in memory, or on DATABASE_URL / REDIS_URL when set. Tests isolate themselves with fresh tenants
 * and users rather than by truncating tables.
 */
export class Harness {
  private passwordHash: Promise<string> | null = null;

  constructor(
    readonly app: Application,
    readonly clock: FakeClock,
    readonly openApi: OpenApiResponseValidator,
  ) {}

  /** Requests to the shared application; every answer is checked against the OpenAPI document. */
  get http() {
    return checkedAgent(this.app.callback, this.openApi);
  }

  /** The same for another application (see `extraApplication`). */
  agent(app: Application) {
    return checkedAgent(app.callback, this.openApi);
  }
  resolve<T>(name: string): T {
    return this.app.container.resolve<T>(name);
  }

  async tenant(): Promise<TestTenant> {
    const now = new Date();
    const slug = `t-${randomUUID().slice(0, 13)}`;
    const tenant: Tenant = { id: randomUUID(), slug, name: `Tenant ${slug}`, status: 'active', createdAt: now, updatedAt: now };
    await this.resolve<TenantRepository>('tenantRepository').insert(tenant);
    return { id: tenant.id, slug, headers: { 'X-Tenant-ID': slug } };
  }

  async defaultTenant(): Promise<TestTenant> {
    const t = (await this.resolve<TenantRepository>('tenantRepository').findBySlug('default'))!;
    return { id: t.id, slug: t.slug, headers: {} };
  }

  /** A user created straight through the repository, with a token pair issued for it. */
  async user(tenant: TestTenant, role: RoleLevel = Role.Student, overrides: Partial<User> = {}): Promise<TestUser> {
    this.passwordHash ??= this.resolve<PasswordHasher>('passwordHasher').hash(TEST_PASSWORD);
    const now = this.clock.now();
    const id = randomUUID();
    const user: User = {
      id,
      tenantId: tenant.id,
      username: `u${id.slice(0, 8)}`,
      email: `${id.slice(0, 12)}@example.test`,
      displayName: `User ${id.slice(0, 6)}`,
      avatar: null,
      role,
      status: 1,
      passwordHash: await this.passwordHash,
      phone: null,
      emailVerifiedAt: now,
      lastLoginAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    };
    await this.resolve<UserRepository>('userRepository').insert(user);
    const session = await this.resolve<SessionIssuer>('sessionIssuer').open(user, 'password', { ip: '127.0.0.1', userAgent: 'test' });
    return {
      id,
      email: user.email,
      password: TEST_PASSWORD,
      role,
      tenant,
      user,
      token: session.accessToken,
      refreshToken: session.refreshToken,
      headers: { ...tenant.headers, Authorization: `Bearer ${session.accessToken}` },
    };
  }

  /** A live login of the user (a password login, a year to run), without its tokens: its id. */
  async login(tenantId: string, userId: string): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now();
    await this.resolve<LoginRepository>('loginRepository').create({
      ...{ id, tenantId, userId, method: 'password', sessionHash: null, ip: null, userAgent: null },
      ...{ createdAt: now, expiresAt: new Date(now.getTime() + 365 * 86_400_000), revokedAt: null, revokedReason: null },
    });
    return id;
  }

  async jobsIdle(timeoutMs = 30_000): Promise<void> {
    await this.app.jobQueue.whenIdle(timeoutMs);
  }

  async mailsTo(tenant: TestTenant, to: string): Promise<MailMessage[]> {
    return (await this.resolve<MailRepository>('mailRepository').list(tenant.id, { to }, { page: 1, pageSize: 100 })).items;
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  const config = loadConfig(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-test-')),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      RATE_LIMIT_GLOBAL: '1000000',
      RATE_LIMIT_CRITICAL: '1000000',
      RATE_LIMIT_UPLOAD: '1000000',
      RATE_LIMIT_AI: '1000000',
      RATE_LIMIT_WEBHOOK_FAILURES: '1000000',
      QUEUE_PREFIX: `test-${randomUUID().slice(0, 8)}`,
      // Test receivers listen on loopback (tests of the refusal turn it off).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    },
    'test',
  );
  if (config.REDIS_URL) trackQueuePrefix(config.QUEUE_PREFIX);
  return config;
}

let shared: Promise<Harness> | null = null;

/** The run's shared harness, built on first use. */
export function harness(): Promise<Harness> {
  shared ??= (async () => {
    const clock = new FakeClock();
    const app = await buildApplication(testConfig(), {
      inMemoryDatabase: true,
      logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
      runWorkers: true,
      schedules: false,
      overrides: { clock: asValue(clock) },
    });
    const doc = await supertest(app.callback).get('/api/openapi.json');
    return new Harness(app, clock, new OpenApiResponseValidator(doc.body as Record<string, unknown>));
  })();
  return shared;
}

const CHECKED = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** A supertest agent whose every request also asserts that the answer matches the OpenAPI document. */
export function checkedAgent(callback: Application['callback'], validator: OpenApiResponseValidator): ReturnType<typeof supertest> {
  const agent = supertest(callback);
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !CHECKED.has(prop) || typeof value !== 'function') return value;
      return (url: string) => (value as (u: string) => supertest.Test).call(target, url).expect((res) => validator.check(prop, url, res));
    },
  });
}

/**
 * A second application on the same database with its own configuration (low rate limits,
 * feature flags…); close it at the end of the test.
 */
export async function extraApplication(
  env: Record<string, string>,
  overrides: Record<string, Resolver<unknown>> = {},
  options: BuildOptions = {},
): Promise<Application> {
  const h = await harness();
  return buildApplication(testConfig({ QUEUE_PREFIX: h.app.config.QUEUE_PREFIX, JWT_SECRET: h.resolve<string>('jwtSecret'), ...env }), {
    database: h.app.db,
    migrate: false,
    logger: createLogger('silent'),
    // With Redis the shared harness's worker takes this app's jobs too.
    runWorkers: !process.env.REDIS_URL,
    schedules: false,
    overrides: { clock: asValue(h.clock), ...overrides },
    ...options,
  });
}

export async function closeHarness(): Promise<void> {
  if (!shared) return;
  const h = await shared;
  shared = null;
  await h.app.close();
}
