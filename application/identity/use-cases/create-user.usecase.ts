import { canAssignRole } from '../../../domain/identity/hierarchy.js';
import { type RoleLevel, type UserStatusValue } from '../../../domain/identity/role.js';
import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { newUser, normaliseEmail, type User } from '../../../domain/identity/user.js';
import { err, ok } from '../../shared/result.js';
import { type ManageUserError, type UserAdminDeps } from '../user-admin.js';
import { normalisePhone } from '../phone.js';
import { isSuperAdminEmail } from '../reserved-email.js';
import { recordAudit } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type CreateUser = AuditedCommand<
  [input: { name: string; email: string; phone?: string | null | undefined; password: string; role: RoleLevel; status: UserStatusValue }],
  User,
  Exclude<ManageUserError, 'USER_NOT_FOUND'>
>;

export const makeCreateUser =
  ({ userRepository, passwordHasher, phoneNumbers, userEvents, auditLog, clock, ids, uow }: UserAdminDeps): CreateUser =>
  async (actor, meta, input) => {
    if (canAssignRole(actor.role, input.role)) return err('INSUFFICIENT_PERMISSION');
    if (!isAcceptablePassword(input.password)) return err('WEAK_PASSWORD');
    const phone = normalisePhone(phoneNumbers, input.phone);
    if (!phone.ok) return err('INVALID_PHONE', 'phone: not a phone number');
    const now = clock.now();
    const email = normaliseEmail(input.email);
    if (await isSuperAdminEmail(userRepository, email)) return err('EMAIL_TAKEN');
    const user = newUser(newRecord(ids, actor.tenantId, now), {
      username: email.split('@')[0]!,
      email,
      phone: phone.value ?? null,
      displayName: input.name,
      role: input.role,
      status: input.status,
      passwordHash: await passwordHasher.hash(input.password),
      emailVerifiedAt: null,
    });
    return uow.run(async () => {
      if (!(await userRepository.insert(user))) return err('EMAIL_TAKEN');
      await userEvents.created(user);
      await recordAudit(auditLog, actor, meta, {
        action: 'user.create',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { role: user.role, status: user.status },
      });
      return ok(user);
    });
  };
