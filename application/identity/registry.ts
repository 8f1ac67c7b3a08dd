import type { Built } from '../shared/registry.js';
import { makeSessionIssuer } from './session-issuer.js';
import { makeLogin } from './use-cases/login.usecase.js';
import { makeRegister } from './use-cases/register.usecase.js';
import { makeSendVerificationCode } from './use-cases/send-verification-code.usecase.js';
import { makeRefreshSession } from './use-cases/refresh-session.usecase.js';
import { makeLogout } from './use-cases/logout.usecase.js';
import { makeAuthenticate } from './use-cases/authenticate.usecase.js';
import { makeClaimLogin } from './use-cases/claim-login.usecase.js';
import { makeGetOwnProfile } from './use-cases/get-own-profile.usecase.js';
import { makeUpdateOwnProfile } from './use-cases/update-own-profile.usecase.js';
import { makeDeleteOwnAccount } from './use-cases/delete-own-account.usecase.js';
import { makeChangeOwnPassword } from './use-cases/change-own-password.usecase.js';
import { makeRequestPasswordReset } from './use-cases/request-password-reset.usecase.js';
import { makeResetPassword } from './use-cases/reset-password.usecase.js';
import { makeListUsers } from './use-cases/list-users.usecase.js';
import { makeGetUser } from './use-cases/get-user.usecase.js';
import { makeCreateUser } from './use-cases/create-user.usecase.js';
import { makeUpdateUser } from './use-cases/update-user.usecase.js';
import { makeDeleteUser } from './use-cases/delete-user.usecase.js';
import { makeListTenants } from './use-cases/list-tenants.usecase.js';
import { makeGetTenant } from './use-cases/get-tenant.usecase.js';
import { makeCreateTenant } from './use-cases/create-tenant.usecase.js';
import { makeUpdateTenant } from './use-cases/update-tenant.usecase.js';
import { makeDeleteTenant } from './use-cases/delete-tenant.usecase.js';
import { makeResolveTenant } from './use-cases/resolve-tenant.usecase.js';
import { makePurgeTenant } from './use-cases/purge-tenant.usecase.js';
import { makeResumeTenantDeletions } from './use-cases/resume-tenant-deletions.usecase.js';
import { makeBootstrapRootAdmin } from './use-cases/bootstrap-root-admin.usecase.js';
import { makeSetAdminPassword } from './use-cases/set-admin-password.usecase.js';
import { makeIdentityDashboard } from './identity-dashboard.js';

/** Identity's use cases and services, each under the name the container gives it (one line each). */
export const identityUseCases = {
  sessionIssuer: makeSessionIssuer,
  login: makeLogin,
  register: makeRegister,
  sendVerificationCode: makeSendVerificationCode,
  refreshSession: makeRefreshSession,
  logout: makeLogout,
  authenticate: makeAuthenticate,
  claimLogin: makeClaimLogin,
  getOwnProfile: makeGetOwnProfile,
  updateOwnProfile: makeUpdateOwnProfile,
  deleteOwnAccount: makeDeleteOwnAccount,
  changeOwnPassword: makeChangeOwnPassword,
  requestPasswordReset: makeRequestPasswordReset,
  resetPassword: makeResetPassword,
  listUsers: makeListUsers,
  getUser: makeGetUser,
  createUser: makeCreateUser,
  updateUser: makeUpdateUser,
  deleteUser: makeDeleteUser,
  listTenants: makeListTenants,
  getTenant: makeGetTenant,
  createTenant: makeCreateTenant,
  updateTenant: makeUpdateTenant,
  deleteTenant: makeDeleteTenant,
  resolveTenant: makeResolveTenant,
  purgeTenant: makePurgeTenant,
  resumeTenantDeletions: makeResumeTenantDeletions,
  bootstrapRootAdmin: makeBootstrapRootAdmin,
  setAdminPassword: makeSetAdminPassword,
  identityDashboard: makeIdentityDashboard,
};

/** What the container holds for this context: what its table builds; route modules `Pick` from it. */
export type IdentityRegistry = Built<typeof identityUseCases>;
