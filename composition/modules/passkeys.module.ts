import { asFunction } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { passkeyUseCases } from '../../application/identity/passkeys-registry.js';
import type { Config } from '../../infrastructure/config.js';
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
    ...factories(passkeyUseCases),
    passkeyRoutes: asFunction(makePasskeyRoutes).singleton(),
  }),
  routes: ['passkeyRoutes'],
};
