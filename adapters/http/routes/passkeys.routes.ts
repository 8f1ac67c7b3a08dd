import { z } from 'zod';
import { creationOptions, loginView, passkeyView, requestOptions } from '../wire/identity.present.js';
import { PASSKEY_NAME_MAX } from '../../../domain/identity/passkey.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { acknowledgement, email, idParam } from '../kit/schemas.js';
import * as wire from '../wire/identity.wire.js';
import { setSessionCookie } from '../kit/session-cookie.js';
import type { RouteInput, RouteModule } from '../kit/route-table.js';
import type { PasskeyRegistry } from '../../../application/identity/passkeys-registry.js';

type Deps = Pick<
  PasskeyRegistry,
  | 'beginPasskeyRegistration'
  | 'finishPasskeyRegistration'
  | 'beginPasskeyLogin'
  | 'beginDiscoverablePasskeyLogin'
  | 'finishPasskeyLogin'
  | 'listOwnPasskeys'
  | 'deleteOwnPasskey'
  | 'renameOwnPasskey'
>;

// The browser's PublicKeyCredential JSON (WebAuthn L3 toJSON, or @simplewebauthn/browser).
// Only the shape is checked here; every byte is judged by the verifier.
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const RegistrationBody = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65_536),
    authenticatorData: b64url(65_536).optional(),
    transports: z.array(z.string().min(1).max(32)).max(10).optional(),
    publicKey: b64url(8192).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  /** Shown in the passkey list; default "Passkey <n>". */
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX).optional(),
});
const RenameBody = z.object({ name: z.string().trim().min(1).max(PASSKEY_NAME_MAX) });
const AuthenticationBody = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(65_536),
    signature: b64url(8192),
    userHandle: b64url(1400).nullable().optional(),
  }),
});
const LoginBeginBody = z.object({ email });

const credentialOf = (body: z.infer<typeof RegistrationBody> | z.infer<typeof AuthenticationBody>) => ({
  id: body.id,
  rawId: body.rawId,
  type: body.type,
  response: body.response as Record<string, unknown>,
  clientExtensionResults: body.clientExtensionResults,
  authenticatorAttachment: body.authenticatorAttachment,
});

const TAGS = ['auth'];

// The options come from @simplewebauthn/server through a port typed as a plain record; the wire
// schema names what a browser library needs of them.
export const makePasskeyRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    r.post(
      '/api/auth/webauthn/register/begin',
      {
        summary: 'Start registering a passkey for the signed-in user: answers PublicKeyCredentialCreationOptionsJSON',
        operationId: 'beginPasskeyRegistration',
        access: Role.Student,
        tags: TAGS,
        response: wire.PasskeyCreationOptions,
        errors: errorsFrom(d.beginPasskeyRegistration)(['USER_NOT_FOUND', 'PASSKEY_LIMIT_REACHED']),
      },
      async ({ actor }) => reply(creationOptions(unwrap(await d.beginPasskeyRegistration(actor))), 'Passkey registration started'),
    );

    r.post(
      '/api/auth/webauthn/register/finish',
      {
        summary: "Finish a passkey registration with the browser's credential JSON (plus an optional name)",
        operationId: 'finishPasskeyRegistration',
        access: Role.Student,
        body: RegistrationBody,
        tags: TAGS,
        response: wire.Passkey,
        errors: errorsFrom(d.finishPasskeyRegistration)([
          'WEBAUTHN_CHALLENGE_INVALID',
          'USER_NOT_FOUND',
          'PASSKEY_VERIFICATION_FAILED',
          'PASSKEY_LIMIT_REACHED',
          'PASSKEY_ALREADY_REGISTERED',
        ]),
      },
      async ({ actor, body, meta }) =>
        reply(
          passkeyView(unwrap(await d.finishPasskeyRegistration(actor, meta, { credential: credentialOf(body), name: body.name }))),
          'Passkey registered',
        ),
    );

    r.post(
      '/api/auth/webauthn/login/begin',
      {
        summary: 'Start a passkey login for an email: answers PublicKeyCredentialRequestOptionsJSON',
        operationId: 'beginPasskeyLogin',
        access: 'public',
        rateLimit: 'critical',
        body: LoginBeginBody,
        tags: TAGS,
        response: wire.PasskeyRequestOptions,
        errors: errorsFrom(d.beginPasskeyLogin)(['PASSKEY_LOGIN_DISABLED', 'NO_PASSKEYS']),
      },
      async ({ tenant, body }) => reply(requestOptions(unwrap(await d.beginPasskeyLogin(tenant.id, body.email))), 'Passkey login started'),
    );

    r.post(
      '/api/auth/webauthn/login/discoverable/begin',
      {
        summary: 'Start a usernameless passkey login: answers PublicKeyCredentialRequestOptionsJSON without allowCredentials',
        operationId: 'beginDiscoverablePasskeyLogin',
        access: 'public',
        rateLimit: 'critical',
        tags: TAGS,
        response: wire.PasskeyRequestOptions,
        errors: errorsFrom(d.beginDiscoverablePasskeyLogin)(['PASSKEY_LOGIN_DISABLED']),
      },
      async ({ tenant }) => reply(requestOptions(unwrap(await d.beginDiscoverablePasskeyLogin(tenant.id))), 'Passkey login started'),
    );

    const finish =
      (mode: 'login' | 'discoverable_login') =>
      async ({ tenant, body, meta, ctx }: RouteInput<unknown, unknown, z.infer<typeof AuthenticationBody>>) => {
        const { user, session } = unwrap(await d.finishPasskeyLogin({ tenantId: tenant.id, mode, credential: credentialOf(body), meta }));
        setSessionCookie(ctx, session.sessionToken, session.sessionExpiresAt);
        // Exactly what password login answers (contract §3).
        return reply(loginView({ user, session }), 'Login successful');
      };
    const finishSpec = {
      access: 'public',
      rateLimit: 'critical',
      body: AuthenticationBody,
      tags: TAGS,
      response: wire.Login,
      errors: errorsFrom(d.finishPasskeyLogin)([
        'WEBAUTHN_CHALLENGE_INVALID',
        'PASSKEY_VERIFICATION_FAILED',
        'ACCOUNT_DEACTIVATED',
        'PASSKEY_LOGIN_DISABLED',
      ]),
    } as const;
    r.post(
      '/api/auth/webauthn/login/finish',
      {
        ...finishSpec,
        summary: 'Finish a passkey login begun with an email: answers {user, access_token, refresh_token} and sets the session cookie',
        operationId: 'finishPasskeyLogin',
      },
      finish('login'),
    );
    r.post(
      '/api/auth/webauthn/login/discoverable/finish',
      {
        ...finishSpec,
        summary: 'Finish a usernameless passkey login: answers {user, access_token, refresh_token} and sets the session cookie',
        operationId: 'finishDiscoverablePasskeyLogin',
      },
      finish('discoverable_login'),
    );

    r.get(
      '/api/user/self/passkeys',
      {
        operationId: 'listOwnPasskeys',
        errors: errorsFrom(d.listOwnPasskeys)([]),
        summary: "The caller's passkeys, newest first",
        access: Role.Student,
        tags: ['users'],
        response: z.array(wire.Passkey),
      },
      async ({ actor }) => (await d.listOwnPasskeys(actor)).map(passkeyView),
    );

    r.patch(
      '/api/user/self/passkeys/:id',
      {
        operationId: 'renameOwnPasskey',
        summary: "Rename one of the caller's passkeys",
        access: Role.Student,
        params: idParam,
        body: RenameBody,
        tags: ['users'],
        response: wire.Passkey,
        errors: errorsFrom(d.renameOwnPasskey)(['PASSKEY_NOT_FOUND']),
      },
      async ({ actor, params, body, meta }) =>
        reply(passkeyView(unwrap(await d.renameOwnPasskey(actor, meta, params.id, body.name))), 'Passkey renamed'),
    );

    r.delete(
      '/api/user/self/passkeys/:id',
      {
        operationId: 'deleteOwnPasskey',
        summary: "Remove one of the caller's passkeys",
        access: Role.Student,
        params: idParam,
        tags: ['users'],
        response: acknowledgement,
        errors: errorsFrom(d.deleteOwnPasskey)(['PASSKEY_NOT_FOUND']),
      },
      async ({ actor, params, meta }) => {
        unwrap(await d.deleteOwnPasskey(actor, meta, params.id));
        return reply(null, 'Passkey removed');
      },
    );
  };
