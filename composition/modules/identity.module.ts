import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { identityUseCases } from '../../application/identity/registry.js';
import { RESUME_TENANT_DELETIONS_JOB } from '../../application/identity/tenant-admin.js';
import { makePurgeTenantJob, makeResumeTenantDeletionsJob } from '../../adapters/jobs/purge-tenant.job.js';
import { makePasswordResetPgRepository } from '../../adapters/persistence/pg/password-reset.pg-repository.js';
import { makeUserPgRepository } from '../../adapters/persistence/pg/user.pg-repository.js';
import { makeLoginPgRepository } from '../../adapters/persistence/pg/login.pg-repository.js';
import { makeTenantPgRepository } from '../../adapters/persistence/pg/tenant.pg-repository.js';
import { makeTenantDeletionPgRepository } from '../../adapters/persistence/pg/tenant-deletion.pg-repository.js';
import { makeVerificationCodePgRepository } from '../../adapters/persistence/pg/verification-code.pg-repository.js';
import { Argon2PasswordHasher } from '../../adapters/security/argon2-password-hasher.js';
import { JwtTokenService } from '../../adapters/security/jwt-token-service.js';
import { sha256Digest } from '../../adapters/security/crypto.js';
import { makeAuthRoutes } from '../../adapters/http/routes/auth.routes.js';
import { makeUserRoutes } from '../../adapters/http/routes/users.routes.js';
import { makeTenantRoutes } from '../../adapters/http/routes/tenants.routes.js';
import type { LruCaches } from '../../adapters/cache/lru-caches.js';
import type { Tenant } from '../../domain/identity/tenant.js';
import type { TokenClaims } from '../../application/identity/ports/security.js';
import { libphonenumberPhoneNumbers } from '../../adapters/security/libphonenumber-phone-numbers.js';
import { noUserEvents } from '../../application/identity/ports/user-events.js';

export const identityModule: AppModule = {
  name: 'identity',
  registrations: (config) => ({
    userRepository: asFunction(makeUserPgRepository).singleton(),
    loginRepository: asFunction(makeLoginPgRepository).singleton(),
    tenantRepository: asFunction(makeTenantPgRepository).singleton(),
    tenantDeletionRepository: asFunction(makeTenantDeletionPgRepository).singleton(),
    verificationCodeRepository: asFunction(makeVerificationCodePgRepository).singleton(),
    passwordResetRepository: asFunction(makePasswordResetPgRepository).singleton(),
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
    purgeTenantJob: asFunction(makePurgeTenantJob).singleton(),
    resumeTenantDeletionsJob: asFunction(makeResumeTenantDeletionsJob).singleton(),
    authRoutes: asFunction(makeAuthRoutes).singleton(),
    userRoutes: asFunction(makeUserRoutes).singleton(),
    tenantRoutes: asFunction(makeTenantRoutes).singleton(),
  }),
  routes: ['authRoutes', 'userRoutes', 'tenantRoutes'],
  jobs: ['purgeTenantJob', 'resumeTenantDeletionsJob'],
  schedules: [{ job: RESUME_TENANT_DELETIONS_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
  dashboard: ['identityDashboard'],
};
