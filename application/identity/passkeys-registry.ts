import type { Built } from '../shared/registry.js';
import { makePasskeyChallenges } from './passkey-challenges.js';
import { makeBeginPasskeyRegistration } from './use-cases/begin-passkey-registration.usecase.js';
import { makeFinishPasskeyRegistration } from './use-cases/finish-passkey-registration.usecase.js';
import { makeBeginPasskeyLogin } from './use-cases/begin-passkey-login.usecase.js';
import { makeBeginDiscoverablePasskeyLogin } from './use-cases/begin-discoverable-passkey-login.usecase.js';
import { makeFinishPasskeyLogin } from './use-cases/finish-passkey-login.usecase.js';
import { makeListOwnPasskeys } from './use-cases/list-own-passkeys.usecase.js';
import { makeDeleteOwnPasskey } from './use-cases/delete-own-passkey.usecase.js';
import { makeRenameOwnPasskey } from './use-cases/rename-own-passkey.usecase.js';

/** Identity's use cases and services, each under the name the container gives it (one line each). */
export const passkeyUseCases = {
  passkeyChallenges: makePasskeyChallenges,
  beginPasskeyRegistration: makeBeginPasskeyRegistration,
  finishPasskeyRegistration: makeFinishPasskeyRegistration,
  beginPasskeyLogin: makeBeginPasskeyLogin,
  beginDiscoverablePasskeyLogin: makeBeginDiscoverablePasskeyLogin,
  finishPasskeyLogin: makeFinishPasskeyLogin,
  listOwnPasskeys: makeListOwnPasskeys,
  deleteOwnPasskey: makeDeleteOwnPasskey,
  renameOwnPasskey: makeRenameOwnPasskey,
};

/** What the container holds for this context: what its table builds; route modules `Pick` from it. */
export type PasskeyRegistry = Built<typeof passkeyUseCases>;
