import type { ErrorTableOf } from '../kit/errors.js';
import type { IdentityCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound } = sharedErrors<IdentityCodes>();

/** Passkey (WebAuthn) outcomes; ACCOUNT_DEACTIVATED and USER_NOT_FOUND come from identity.errors.ts. */
export const passkeysErrors = {
  ...notFound('PASSKEY_NOT_FOUND'),
  // Unknown, already used, expired (5 minutes), of another kind of ceremony, tenant or user: start again with begin.
  WEBAUTHN_CHALLENGE_INVALID: { status: 400, message: 'Passkey challenge is invalid or expired' },
  // `error` names the failed check: origin, rp_id, signature, counter, user_handle, unknown_credential …
  PASSKEY_VERIFICATION_FAILED: { status: 400, message: 'Passkey verification failed' },
  PASSKEY_LOGIN_DISABLED: { status: 400, message: 'Passkey login has been disabled. Use another sign-in method.' },
  NO_PASSKEYS: { status: 400, message: 'No passkey is registered for this email' },
  PASSKEY_ALREADY_REGISTERED: { status: 400, message: 'This passkey is already registered' },
  PASSKEY_LIMIT_REACHED: { status: 400, message: 'Passkey limit reached: remove a passkey first' },
} satisfies ErrorTableOf<IdentityCodes>;
