import type { ErrorTableOf } from '../kit/errors.js';
import type { IdentityCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid, unauthorized, forbidden, rateLimited } = sharedErrors<IdentityCodes>();

export const identityErrors = {
  // The spec's error table: "Unauthorized — no token or expired"; a token that fails any other check is "Invalid token".
  ...unauthorized('UNAUTHORIZED', 'TOKEN_EXPIRED'),
  INVALID_TOKEN: { status: 401, message: 'Invalid token' },
  ...forbidden('TENANT_MISMATCH', 'INSUFFICIENT_PERMISSION'),
  ...invalid('INVALID_CREDENTIALS', 'WEAK_PASSWORD'),
  ...notFound('USER_NOT_FOUND', 'TENANT_NOT_FOUND'),
  ...rateLimited('TOO_MANY_CODES'),
  ACCOUNT_DEACTIVATED: { status: 403, message: 'Your account has been deactivated. Contact an administrator.' },
  PASSWORD_LOGIN_DISABLED: { status: 400, message: 'Password login has been disabled. Use another sign-in method.' },
  REGISTRATION_DISABLED: { status: 403, message: 'Registration has been disabled' },
  EMAIL_TAKEN: { status: 400, message: 'Email is already registered' },
  VERIFICATION_CODE_REQUIRED: { status: 400, message: 'Verification code is required' },
  VERIFICATION_CODE_INVALID: { status: 400, message: 'Verification code is invalid or expired' },
  VERIFICATION_DISABLED: { status: 400, message: 'Email verification is not enabled' },
  WRONG_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  INVALID_RESET_TOKEN: { status: 400, message: 'Reset token is invalid or expired' },
  LAST_SUPER_ADMIN: { status: 400, message: 'The last Super Admin cannot delete their account' },
  SLUG_TAKEN: { status: 400, message: 'Tenant slug is already taken' },
  DEFAULT_TENANT_PROTECTED: { status: 400, message: 'The default tenant cannot be deleted, renamed or disabled' },
} satisfies ErrorTableOf<IdentityCodes>;
