import { z } from 'zod';
import { userView } from '../wire/identity.present.js';
import { isRoleLevel, isUserStatus, Role, type RoleLevel, type UserStatusValue } from '../../../domain/identity/role.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/identity/password-policy.js';
import { reply } from '../kit/envelope.js';
import { edgeErrors, errorsFrom, unwrap } from '../kit/errors.js';
import { acknowledgement, email, idParam, pageQuery, pageView, toPageRequest, url } from '../kit/schemas.js';
import * as wire from '../wire/identity.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { removeById } from './route-helpers.js';
import type { IdentityRegistry } from '../../../application/identity/registry.js';

type Deps = Pick<
  IdentityRegistry,
  | 'getOwnProfile'
  | 'updateOwnProfile'
  | 'deleteOwnAccount'
  | 'listUsers'
  | 'getUser'
  | 'createUser'
  | 'updateUser'
  | 'deleteUser'
  | 'changeOwnPassword'
>;

const role = z.coerce
  .number()
  .int()
  .refine(isRoleLevel, 'one of 1, 10, 30, 99, 100')
  .transform((n) => n as RoleLevel);
const status = z.coerce
  .number()
  .int()
  .refine(isUserStatus, '1 (active) or 2 (deactivated)')
  .transform((n) => n as UserStatusValue);
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const displayName = z.string().trim().min(1).max(200);
// Normalised to E.164 by the use case (08… becomes +628…); null or "" clears it.
const phone = z
  .string()
  .trim()
  .max(40)
  .nullable()
  .optional()
  .meta({ examples: ['0812-3456-7890'] });

// Unknown fields (role, status, tenant_id …) are stripped by zod: no mass assignment (contract §2).
const ProfileBody = z.object({ display_name: displayName.optional(), avatar: url.nullable().optional(), phone });
const ListQuery = pageQuery.extend({ role: role.optional(), status: status.optional(), search: z.string().trim().max(200).optional() });
const CreateBody = z.object({ name: displayName, email, phone, password, role: role.default(Role.Student), status: status.default(1) });
const UpdateBody = z.object({
  display_name: displayName.optional(),
  name: displayName.optional(),
  email: email.optional(),
  phone,
  password: password.optional(),
  role: role.optional(),
  status: status.optional(),
});
const StatusBody = z.object({ status });
// The current password is checked, not judged: any length a login would take.
const PasswordChangeBody = z.object({
  current_password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX * 4),
  new_password: password,
});

export const makeUserRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    r.get(
      '/api/user/self',
      {
        operationId: 'getOwnProfile',
        response: wire.User,
        errors: errorsFrom(d.getOwnProfile)(['USER_NOT_FOUND']),
        summary: 'The caller',
        access: Role.Student,
        tags: ['users'],
      },
      async ({ actor }) => userView(unwrap(await d.getOwnProfile(actor))),
    );

    r.put(
      '/api/user/self',
      {
        operationId: 'updateOwnProfile',
        response: wire.User,
        errors: errorsFrom(d.updateOwnProfile)(['USER_NOT_FOUND', 'INVALID_PHONE']),
        summary: 'Update own display name, avatar and phone',
        access: Role.Student,
        body: ProfileBody,
        tags: ['users'],
      },
      async ({ actor, body }) =>
        reply(
          userView(unwrap(await d.updateOwnProfile(actor, { displayName: body.display_name, avatar: body.avatar, phone: body.phone }))),
          'Profile updated',
        ),
    );

    r.delete(
      '/api/user/self',
      {
        operationId: 'deleteOwnAccount',
        response: acknowledgement,
        errors: errorsFrom(d.deleteOwnAccount)(['USER_NOT_FOUND', 'LAST_SUPER_ADMIN']),
        summary: 'Delete (deactivate and anonymise) own account',
        access: Role.Student,
        tags: ['users'],
      },
      async ({ actor, meta }) => {
        unwrap(await d.deleteOwnAccount(actor, meta));
        return reply(null, 'Account deleted');
      },
    );

    r.put(
      '/api/user/self/password',
      {
        operationId: 'changeOwnPassword',
        summary: 'Change own password (ends every other login)',
        access: Role.Student,
        rateLimit: 'critical',
        body: PasswordChangeBody,
        tags: ['users'],
        response: acknowledgement,
        errors: errorsFrom(d.changeOwnPassword)(['WRONG_PASSWORD', 'WEAK_PASSWORD', 'USER_NOT_FOUND']),
        description:
          'Wrong current password: 400 `Current password is incorrect`. Every other login of the user (refresh tokens, sessions) ends; this one stays.',
      },
      async ({ actor, loginId, meta, body }) => {
        unwrap(await d.changeOwnPassword(actor, meta, loginId, { currentPassword: body.current_password, newPassword: body.new_password }));
        return reply(null, 'Password changed');
      },
    );

    r.get(
      '/api/users',
      {
        operationId: 'listUsers',
        response: wire.UserPage,
        errors: errorsFrom(d.listUsers)([]),
        summary: 'List users of the tenant',
        access: Role.Admin,
        query: ListQuery,
        tags: ['users'],
      },
      async ({ actor, query }) =>
        pageView(
          await d.listUsers(actor, { role: query.role, status: query.status, search: query.search }, toPageRequest(query)),
          userView,
        ),
    );

    r.post(
      '/api/users',
      {
        operationId: 'createUser',
        response: wire.User,
        errors: errorsFrom(d.createUser)(['INSUFFICIENT_PERMISSION', 'EMAIL_TAKEN', 'WEAK_PASSWORD', 'INVALID_PHONE']),
        summary: "Create a user (below the caller's role)",
        access: Role.Admin,
        body: CreateBody,
        tags: ['users'],
      },
      async ({ actor, meta, body }) => reply(userView(unwrap(await d.createUser(actor, meta, body))), 'User created'),
    );

    r.get(
      '/api/users/:id/detail',
      {
        operationId: 'getUser',
        response: wire.User,
        errors: errorsFrom(d.getUser)(['USER_NOT_FOUND']),
        summary: 'One user',
        access: Role.Admin,
        params: idParam,
        tags: ['users'],
      },
      async ({ actor, params }) => userView(unwrap(await d.getUser(actor, params.id))),
    );

    r.put(
      '/api/users/:id',
      {
        operationId: 'updateUser',
        response: wire.User,
        errors: errorsFrom(d.updateUser)(['USER_NOT_FOUND', 'INSUFFICIENT_PERMISSION', 'EMAIL_TAKEN', 'WEAK_PASSWORD', 'INVALID_PHONE']),
        summary: 'Update a user under the hierarchy rules',
        access: Role.Admin,
        params: idParam,
        body: UpdateBody,
        tags: ['users'],
      },
      async ({ actor, meta, params, body }) =>
        reply(
          userView(
            unwrap(
              await d.updateUser(actor, meta, params.id, {
                displayName: body.display_name ?? body.name,
                email: body.email,
                phone: body.phone,
                password: body.password,
                role: body.role,
                status: body.status,
              }),
            ),
          ),
          'User updated',
        ),
    );

    // updateUser with a status only: its email, phone and password checks cannot fail, so not its whole union.
    r.put(
      '/api/users/:id/status',
      {
        operationId: 'updateUserStatus',
        response: wire.User,
        errors: edgeErrors(['USER_NOT_FOUND', 'INSUFFICIENT_PERMISSION']),
        summary: 'Activate (1) or deactivate (2) a user',
        access: Role.Admin,
        params: idParam,
        body: StatusBody,
        tags: ['users'],
      },
      async ({ actor, meta, params, body }) =>
        reply(userView(unwrap(await d.updateUser(actor, meta, params.id, { status: body.status }))), 'User status updated'),
    );

    r.delete(
      '/api/users/:id',
      {
        operationId: 'deleteUser',
        response: acknowledgement,
        errors: errorsFrom(d.deleteUser)(['USER_NOT_FOUND', 'INSUFFICIENT_PERMISSION']),
        summary: 'Delete (deactivate and anonymise) a user',
        access: Role.Admin,
        params: idParam,
        tags: ['users'],
      },
      removeById(d.deleteUser, 'User deleted'),
    );
  };
