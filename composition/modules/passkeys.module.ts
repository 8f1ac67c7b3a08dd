import { asFunction } from 'awilix';
import type { AppModule } from '../app-module.js';
import type { Config } from '../../infrastructure/config.js';
import { makePasskeyChallenges } from '../../application/identity/passkey-challenges.js';
import { makeBeginPasskeyRegistration } from '../../application/identity/use-cases/begin-passkey-registration.usecase.js';
import { makeFinishPasskeyRegistration } from '../../application/identity/use-cases/finish-passkey-registration.usecase.js';
import { makeBeginPasskeyLogin } from '../../application/identity/use-cases/begin-passkey-login.usecase.js';
import { makeBeginDiscoverablePasskeyLogin } from '../../application/identity/use-cases/begin-discoverable-passkey-login.usecase.js';
import { makeFinishPasskeyLogin } from '../../application/identity/use-cases/finish-passkey-login.usecase.js';
import { makeListOwnPasskeys } from '../../application/identity/use-cases/list-own-passkeys.usecase.js';
import { makeDeleteOwnPasskey } from '../../application/identity/use-cases/delete-own-passkey.usecase.js';
import { makeRenameOwnPasskey } from '../../application/identity/use-cases/rename-own-passkey.usecase.js';
import { makePasskeyPgRepository } from '../../adapters/persistence/pg/passkey.pg-repository.js';
import { makeSimpleWebAuthnVerifier } from '../../adapters/security/simplewebauthn-verifier.js';
import { makePasskeyRoutes } from '../../adapters/http/routes/passkeys.routes.js';

/** Passkeys (WebAuthn, issue 3): part of the identity context, registered on their own. */
export const passkeysModule: AppModule = {
  name: 'passkeys',
  registrations: () => ({
    passkeyRepository: asFunction(makePasskeyPgRepository).singleton(),
    webAuthnVerifier: asFunction(({ config }: { config: Config }) =>
      makeSimpleWebAuthnVerifier({ id: config.WEBAUTHN_RP_ID, name: config.WEBAUTHN_RP_NAME, origins: config.webauthnOrigins }),
    ).singleton(),
    passkeyChallenges: asFunction(makePasskeyChallenges).singleton(),
    beginPasskeyRegistration: asFunction(makeBeginPasskeyRegistration).singleton(),
    finishPasskeyRegistration: asFunction(makeFinishPasskeyRegistration).singleton(),
    beginPasskeyLogin: asFunction(makeBeginPasskeyLogin).singleton(),
    beginDiscoverablePasskeyLogin: asFunction(makeBeginDiscoverablePasskeyLogin).singleton(),
    finishPasskeyLogin: asFunction(makeFinishPasskeyLogin).singleton(),
    listOwnPasskeys: asFunction(makeListOwnPasskeys).singleton(),
    deleteOwnPasskey: asFunction(makeDeleteOwnPasskey).singleton(),
    renameOwnPasskey: asFunction(makeRenameOwnPasskey).singleton(),
    passkeyRoutes: asFunction(makePasskeyRoutes).singleton(),
  }),
  routes: ['passkeyRoutes'],
};
