import type { ErrorTableOf } from '../kit/errors.js';
import type { IdentityCodes } from './codes.js';

export const identityErrors = {
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  // The spec's error table: "Unauthorized — no token or expired"; a token that fails any other check is "Invalid token".
  TOKEN_EXPIRED: { status: 401, message: 'Unauthorized' },
  INVALID_TOKEN: { status: 401, message: 'Invalid token' },
  TENANT_MISMATCH: { status: 403, message: 'Insufficient permission' },
  INSUFFICIENT_PERMISSION: { status: 403, message: 'Insufficient permission' },
  INVALID_CREDENTIALS: { status: 400, message: 'Invalid parameters' },
  ACCOUNT_DEACTIVATED: { status: 403, message: 'Your account has been deactivated. Contact an administrator.' },
  PASSWORD_LOGIN_DISABLED: { status: 400, message: 'Password login has been disabled. Use another sign-in method.' },
  REGISTRATION_DISABLED: { status: 403, message: 'Registration has been disabled' },
  EMAIL_TAKEN: { status: 400, message: 'Email is already registered' },
  WEAK_PASSWORD: { status: 400, message: 'Invalid parameters' },
  VERIFICATION_CODE_REQUIRED: { status: 400, message: 'Verification code is required' },
  VERIFICATION_CODE_INVALID: { status: 400, message: 'Verification code is invalid or expired' },
  VERIFICATION_DISABLED: { status: 400, message: 'Email verification is not enabled' },
  TOO_MANY_CODES: { status: 429, message: 'Rate limit exceeded' },
  WRONG_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  INVALID_RESET_TOKEN: { status: 400, message: 'Reset token is invalid or expired' },
  USER_NOT_FOUND: { status: 404, message: 'Record not found' },
  LAST_SUPER_ADMIN: { status: 400, message: 'The last Super Admin cannot delete their account' },
  TENANT_NOT_FOUND: { status: 404, message: 'Record not found' },
  SLUG_TAKEN: { status: 400, message: 'Tenant slug is already taken' },
  DEFAULT_TENANT_PROTECTED: { status: 400, message: 'The default tenant cannot be deleted, renamed or disabled' },
} satisfies ErrorTableOf<IdentityCodes>;
