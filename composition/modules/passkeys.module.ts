import { asFunction } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { passkeyRoutes } from '../../adapters/http/routes/registry.js';
import { passkeyRepositories } from '../../adapters/persistence/pg/registry.js';
import { passkeyUseCases } from '../../application/identity/passkeys-registry.js';
import type { Config } from '../../infrastructure/config.js';
import { makeSimpleWebAuthnVerifier } from '../../adapters/security/simplewebauthn-verifier.js';

/** Passkeys (WebAuthn, issue 3): part of the identity context, registered on their own. */
export const passkeysModule: AppModule = {
  name: 'passkeys',
  registrations: () => ({
    ...factories(passkeyRepositories),
    webAuthnVerifier: asFunction(({ config }: { config: Config }) =>
      makeSimpleWebAuthnVerifier({ id: config.WEBAUTHN_RP_ID, name: config.WEBAUTHN_RP_NAME, origins: config.webauthnOrigins }),
    ).singleton(),
    ...factories(passkeyUseCases),
    ...factories(passkeyRoutes),
  }),
  routes: Object.keys(passkeyRoutes),
};
