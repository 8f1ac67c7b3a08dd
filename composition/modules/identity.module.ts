import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { identityJobs } from '../../adapters/jobs/registry.js';
import { identityRoutes } from '../../adapters/http/routes/registry.js';
import { identityRepositories } from '../../adapters/persistence/pg/registry.js';
import { identityUseCases } from '../../application/identity/registry.js';
import { RESUME_TENANT_DELETIONS_JOB } from '../../application/identity/tenant-admin.js';
import { Argon2PasswordHasher } from '../../adapters/security/argon2-password-hasher.js';
import { JwtTokenService } from '../../adapters/security/jwt-token-service.js';
import { sha256Digest } from '../../adapters/security/crypto.js';
import type { LruCaches } from '../../adapters/cache/lru-caches.js';
import type { Tenant } from '../../domain/identity/tenant.js';
import type { TokenClaims } from '../../application/identity/ports/security.js';
import { libphonenumberPhoneNumbers } from '../../adapters/security/libphonenumber-phone-numbers.js';
import { noUserEvents } from '../../application/identity/ports/user-events.js';

export const identityModule: AppModule = {
  name: 'identity',
  registrations: (config) => ({
    ...factories(identityRepositories),
    passwordResetPage: asValue(`${config.publicUrl}/reset-password`),
    passwordHasher: asValue(new Argon2PasswordHasher()),
    // One E.164 rule for users' and leads' phones (CRM_PHONE_COUNTRY for local numbers).
    phoneNumbers: asValue(libphonenumberPhoneNumbers(config.CRM_PHONE_COUNTRY)),
    // Replaced by the CRM module (it links leads to the person).
    userEvents: asValue(noUserEvents),
    // Verified access tokens by their exact text: a token's claims never change, and it lives 5 minutes.
    tokenService: asFunction(
      ({ jwtSecret, caches }: { jwtSecret: string; caches: LruCaches }) =>
        new JwtTokenService(jwtSecret, caches.create<TokenClaims>('verified-tokens', { ttlMs: 5 * 60_000, maxSize: 8_000_000 })),
    ).singleton(),
    // Every request resolves its tenant; tenant writes invalidate (5 s: what another process may lag without Redis).
    tenantCache: asFunction(({ caches }: { caches: LruCaches }) =>
      caches.create<Tenant | null>('tenants', { ttlMs: 5_000, maxSize: 2_000_000 }),
    ).singleton(),
    secretDigest: asValue(sha256Digest),
    ...factories(identityUseCases),
    ...factories(identityJobs),
    ...factories(identityRoutes),
  }),
  routes: Object.keys(identityRoutes),
  jobs: Object.keys(identityJobs),
  schedules: [{ job: RESUME_TENANT_DELETIONS_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
  dashboard: ['identityDashboard'],
};
