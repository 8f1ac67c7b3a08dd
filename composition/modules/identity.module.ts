import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { makeSessionIssuer } from '../../application/identity/session-issuer.js';
import { makeLogin } from '../../application/identity/use-cases/login.usecase.js';
import { makeRegister } from '../../application/identity/use-cases/register.usecase.js';
import { makeSendVerificationCode } from '../../application/identity/use-cases/send-verification-code.usecase.js';
import { makeRefreshSession } from '../../application/identity/use-cases/refresh-session.usecase.js';
import { makeLogout } from '../../application/identity/use-cases/logout.usecase.js';
import { makeAuthenticate } from '../../application/identity/use-cases/authenticate.usecase.js';
import { makeGetOwnProfile } from '../../application/identity/use-cases/get-own-profile.usecase.js';
import { makeUpdateOwnProfile } from '../../application/identity/use-cases/update-own-profile.usecase.js';
import { makeDeleteOwnAccount } from '../../application/identity/use-cases/delete-own-account.usecase.js';
import { makeListUsers } from '../../application/identity/use-cases/list-users.usecase.js';
import { makeGetUser } from '../../application/identity/use-cases/get-user.usecase.js';
import { makeCreateUser } from '../../application/identity/use-cases/create-user.usecase.js';
import { makeUpdateUser } from '../../application/identity/use-cases/update-user.usecase.js';
import { makeDeleteUser } from '../../application/identity/use-cases/delete-user.usecase.js';
import { makeListTenants } from '../../application/identity/use-cases/list-tenants.usecase.js';
import { makeGetTenant } from '../../application/identity/use-cases/get-tenant.usecase.js';
import { makeCreateTenant } from '../../application/identity/use-cases/create-tenant.usecase.js';
import { makeUpdateTenant } from '../../application/identity/use-cases/update-tenant.usecase.js';
import { makeDeleteTenant } from '../../application/identity/use-cases/delete-tenant.usecase.js';
import { makeResolveTenant } from '../../application/identity/use-cases/resolve-tenant.usecase.js';
import { makePurgeTenant } from '../../application/identity/use-cases/purge-tenant.usecase.js';
import { makeResumeTenantDeletions } from '../../application/identity/use-cases/resume-tenant-deletions.usecase.js';
import { RESUME_TENANT_DELETIONS_JOB } from '../../application/identity/tenant-admin.js';
import { makePurgeTenantJob, makeResumeTenantDeletionsJob } from '../../adapters/jobs/purge-tenant.job.js';
import { makeChangeOwnPassword } from '../../application/identity/use-cases/change-own-password.usecase.js';
import { makeRequestPasswordReset } from '../../application/identity/use-cases/request-password-reset.usecase.js';
import { makeResetPassword } from '../../application/identity/use-cases/reset-password.usecase.js';
import { makePasswordResetPgRepository } from '../../adapters/persistence/pg/password-reset.pg-repository.js';
import { makeBootstrapRootAdmin } from '../../application/identity/use-cases/bootstrap-root-admin.usecase.js';
import { makeSetAdminPassword } from '../../application/identity/use-cases/set-admin-password.usecase.js';
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
import { makeIdentityDashboard } from '../../application/identity/identity-dashboard.js';
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
    sessionIssuer: asFunction(makeSessionIssuer).singleton(),
    login: asFunction(makeLogin).singleton(),
    register: asFunction(makeRegister).singleton(),
    sendVerificationCode: asFunction(makeSendVerificationCode).singleton(),
    refreshSession: asFunction(makeRefreshSession).singleton(),
    logout: asFunction(makeLogout).singleton(),
    authenticate: asFunction(makeAuthenticate).singleton(),
    getOwnProfile: asFunction(makeGetOwnProfile).singleton(),
    updateOwnProfile: asFunction(makeUpdateOwnProfile).singleton(),
    deleteOwnAccount: asFunction(makeDeleteOwnAccount).singleton(),
    changeOwnPassword: asFunction(makeChangeOwnPassword).singleton(),
    requestPasswordReset: asFunction(makeRequestPasswordReset).singleton(),
    resetPassword: asFunction(makeResetPassword).singleton(),
    listUsers: asFunction(makeListUsers).singleton(),
    getUser: asFunction(makeGetUser).singleton(),
    createUser: asFunction(makeCreateUser).singleton(),
    updateUser: asFunction(makeUpdateUser).singleton(),
    deleteUser: asFunction(makeDeleteUser).singleton(),
    listTenants: asFunction(makeListTenants).singleton(),
    getTenant: asFunction(makeGetTenant).singleton(),
    createTenant: asFunction(makeCreateTenant).singleton(),
    updateTenant: asFunction(makeUpdateTenant).singleton(),
    deleteTenant: asFunction(makeDeleteTenant).singleton(),
    resolveTenant: asFunction(makeResolveTenant).singleton(),
    purgeTenant: asFunction(makePurgeTenant).singleton(),
    resumeTenantDeletions: asFunction(makeResumeTenantDeletions).singleton(),
    purgeTenantJob: asFunction(makePurgeTenantJob).singleton(),
    resumeTenantDeletionsJob: asFunction(makeResumeTenantDeletionsJob).singleton(),
    bootstrapRootAdmin: asFunction(makeBootstrapRootAdmin).singleton(),
    setAdminPassword: asFunction(makeSetAdminPassword).singleton(),
    identityDashboard: asFunction(makeIdentityDashboard).singleton(),
    authRoutes: asFunction(makeAuthRoutes).singleton(),
    userRoutes: asFunction(makeUserRoutes).singleton(),
    tenantRoutes: asFunction(makeTenantRoutes).singleton(),
  }),
  routes: ['authRoutes', 'userRoutes', 'tenantRoutes'],
  jobs: ['purgeTenantJob', 'resumeTenantDeletionsJob'],
  schedules: [{ job: RESUME_TENANT_DELETIONS_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
  dashboard: ['identityDashboard'],
};
