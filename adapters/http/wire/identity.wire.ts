import { z } from 'zod';
import { ROLE_LEVELS } from '../../../domain/identity/role.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';

/* Wire shapes of the identity context (see learning.wire.ts for the conventions). */

export const role = z
  .union(ROLE_LEVELS.map((r) => z.literal(r)))
  .meta({ description: '1 Student, 10 Parent, 30 Mentor, 99 Admin, 100 Super Admin' });
export const userStatus = z.union([z.literal(1), z.literal(2)]).meta({ description: '1 active, 2 deactivated' });
/** Emails as stored: `admin@localhost` (the bootstrap account) has no TLD, so no `format: email` here. */
const emailOut = z.string().meta({ examples: ['siti@example.com'] });

/** The user as login answers it (the spec's "User (as returned at login)"). */
export const LoginUser = z.object({ id, email: emailOut, display_name: z.string(), role, status: userStatus }).meta({ id: 'LoginUser' });

/** How long each token of a pair is valid from now, in seconds: refresh before `expires_in` runs out. */
const lifetimes = {
  expires_in: z
    .number()
    .int()
    .meta({ description: 'Seconds the access token is valid from now', examples: [300] }),
  refresh_expires_in: z
    .number()
    .int()
    .meta({ description: 'Seconds the refresh token is valid from now', examples: [604800] }),
};

export const Login = z
  .object({
    user: LoginUser,
    access_token: z.string().meta({ description: 'JWT (HS256), valid 5 minutes: `Authorization: Bearer …`' }),
    refresh_token: z.string().meta({ description: 'JWT, valid 7 days, single use: POST /api/auth/refresh' }),
    ...lifetimes,
  })
  .meta({ id: 'Login' });

export const TokenPair = z.object({ access_token: z.string(), refresh_token: z.string(), ...lifetimes }).meta({ id: 'TokenPair' });

/** When the mailed registration code stops working. */
export const VerificationCode = z.object({ expires_at: timestamp });

export const Registration = z.object({ id, username: z.string(), display_name: z.string(), email: emailOut }).meta({ id: 'Registration' });

export const User = z
  .object({
    id,
    username: z.string(),
    email: emailOut,
    phone: z
      .string()
      .nullable()
      .meta({ description: 'E.164', examples: ['+6281234567890'] }),
    display_name: z.string(),
    avatar: z.string().nullable(),
    role,
    status: userStatus,
    email_verified: z.boolean(),
    last_login_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User' });

/** Contract §6: passkey list items. */
export const Passkey = z
  .object({ id, name: z.string().meta({ examples: ['MacBook'] }), created_at: timestamp, last_used_at: timestamp.nullable() })
  .meta({ id: 'Passkey' });

const credentialDescriptor = z.looseObject({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/** What `@simplewebauthn/server` generates: hand it to `startRegistration({ optionsJSON })`. */
export const PasskeyCreationOptions = z
  .looseObject({
    challenge: z.string(),
    rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    attestation: z.string().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z.record(z.string(), z.unknown()).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
    hints: z.array(z.string()).optional(),
  })
  .meta({ id: 'PasskeyCreationOptions', description: 'PublicKeyCredentialCreationOptionsJSON (WebAuthn L3)' });

/** Hand it to `startAuthentication({ optionsJSON })`. */
export const PasskeyRequestOptions = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    timeout: z.number().optional(),
    userVerification: z.string().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
    hints: z.array(z.string()).optional(),
  })
  .meta({ id: 'PasskeyRequestOptions', description: 'PublicKeyCredentialRequestOptionsJSON (WebAuthn L3)' });

export const UserPage = pageOf(User).meta({ id: 'UserPage' });

export const Tenant = z
  .object({
    id,
    slug: z.string().meta({ examples: ['acme'] }),
    name: z.string(),
    status: z.enum(['active', 'disabled', 'deleting']),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Tenant' });
export const TenantDeletion = z
  .object({
    requested_at: timestamp,
    tables_done: z.number().int().meta({ description: 'Tables emptied so far (children first)' }),
    tables_total: z.number().int(),
    rows_deleted: z.number().int().meta({ description: 'Rows deleted so far, besides those their cascades took' }),
  })
  .meta({ id: 'TenantDeletion', description: 'Progress of the deletion job; the tenant answers 404 once it is done' });
export const TenantDetail = Tenant.extend({
  deletion: TenantDeletion.nullable().meta({ description: 'Set while the tenant is `deleting`' }),
}).meta({ id: 'TenantDetail' });
export const TenantPage = pageOf(Tenant).meta({ id: 'TenantPage' });

/** The dashboard overview's `account` section (identity-dashboard.ts). */
export const AccountSection = z
  .object({
    user: User.nullable(),
    role,
    users: z
      .object({
        total: z.number().int(),
        students: z.number().int(),
        parents: z.number().int(),
        mentors: z.number().int(),
        admins: z.number().int().meta({ description: 'Admins and Super Admins' }),
      })
      .optional()
      .meta({ description: "Admins: the tenant's users by role" }),
  })
  .meta({ id: 'AccountSection' });
