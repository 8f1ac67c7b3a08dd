import { checkUserChange } from '../../../domain/identity/hierarchy.js';
import { UserStatus } from '../../../domain/identity/role.js';
import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { normaliseEmail, type User } from '../../../domain/identity/user.js';
import { err, ok } from '../../shared/result.js';
import { visible, type ManageUserError, type UserAdminDeps, type UserChanges } from '../user-admin.js';
import { normalisePhone } from '../phone.js';
import { isSuperAdminEmail } from '../reserved-email.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type UpdateUser = AuditedCommand<[id: string, changes: UserChanges], User, ManageUserError>;

/**
 * Any subset of `{display_name, email, phone, password, role, status}` under the hierarchy rules:
 * a forbidden change answers INSUFFICIENT_PERMISSION and changes nothing. Deactivation and a
 * password reset end the user's logins.
 */
export const makeUpdateUser =
  ({ userRepository, loginRepository, passwordHasher, phoneNumbers, userEvents, auditLog, clock, uow }: UserAdminDeps): UpdateUser =>
  async (actor, meta, id, changes) => {
    const user = visible(await userRepository.findById(actor.tenantId, id));
    if (!user) return err('USER_NOT_FOUND');
    if (checkUserChange(actor.role, user.role, changes.role)) return err('INSUFFICIENT_PERMISSION');
    if (changes.password !== undefined && !isAcceptablePassword(changes.password)) return err('WEAK_PASSWORD');
    const phone = normalisePhone(phoneNumbers, changes.phone);
    if (!phone.ok) return err('INVALID_PHONE', 'phone: not a phone number');
    const now = clock.now();
    const email = changes.email === undefined ? user.email : normaliseEmail(changes.email);
    if (
      email !== user.email &&
      ((await userRepository.findByEmail(actor.tenantId, email)) || (await isSuperAdminEmail(userRepository, email, user.id)))
    )
      return err('EMAIL_TAKEN');
    const updated: User = {
      ...user,
      displayName: changes.displayName ?? user.displayName,
      email,
      phone: phone.value === undefined ? user.phone : phone.value,
      role: changes.role ?? user.role,
      status: changes.status ?? user.status,
      passwordHash: changes.password === undefined ? user.passwordHash : await passwordHasher.hash(changes.password),
      updatedAt: now,
    };
    const endLogins = (updated.status !== UserStatus.Active && user.status === UserStatus.Active) || changes.password !== undefined;
    await uow.run(async () => {
      await userRepository.update(updated);
      if (updated.email !== user.email || updated.phone !== user.phone) await userEvents.contactEdited(updated);
      if (endLogins)
        await loginRepository.revokeAllOfUser(user.id, updated.status !== UserStatus.Active ? 'deactivated' : 'password_reset', now);
      await recordAudit(auditLog, actor, meta, {
        action: changes.status !== undefined && Object.keys(changes).length === 1 ? 'user.status' : 'user.update',
        resourceType: 'user',
        resourceId: user.id,
        metadata: {
          fields: Object.keys(changes).filter((k) => changes[k as keyof UserChanges] !== undefined),
          ...(changes.role !== undefined ? { role: { from: user.role, to: updated.role } } : {}),
          ...(changes.status !== undefined ? { status: { from: user.status, to: updated.status } } : {}),
        },
      });
    });
    return ok(updated);
  };
