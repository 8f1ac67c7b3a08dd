import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { Role, UserStatus } from '../../../domain/identity/role.js';
import { newUser, type User } from '../../../domain/identity/user.js';
import { newRecord } from '../../shared/records.js';
import { roleAfterAcceptingInvitation } from '../../../domain/learning/parent-invitation.js';
import { isEnabled } from '../../../domain/platform/settings.js';
import type { PasswordHasher } from '../../identity/ports/security.js';
import type { UserEvents } from '../../identity/ports/user-events.js';
import type { UserRepository } from '../../identity/ports/user-repository.js';
import type { SettingsReader } from '../../platform/ports.js';
import type { RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { Learner } from '../ports/learner-directory.js';
import type { ParentInvitationRepository } from '../ports/parent-invitation-repository.js';
import { recordAudit } from '../../platform/audit.js';

export type AcceptParentInvitationError =
  'INVALID_PARENT_INVITATION' | 'PARENT_INVITATIONS_DISABLED' | 'ACCOUNT_DETAILS_REQUIRED' | 'WEAK_PASSWORD';

export interface AcceptedInvitation {
  parent: User;
  student: Learner;
  accountCreated: boolean;
  linkedAt: Date;
}

type Deps = Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory' | 'secretDigest' | 'auditLog' | 'clock' | 'ids' | 'uow'> & {
  parentInvitationRepository: ParentInvitationRepository;
  userRepository: UserRepository;
  settingsReader: SettingsReader;
  passwordHasher: PasswordHasher;
  userEvents: UserEvents;
};

/**
 * `POST /api/lms/parent-invitations/accept {token, name?, password?}` (public: the token is the
 * proof of the mailbox). In the invitation's tenant: without an account for the address, a Parent
 * account is made with the name and password given (rules as registration); an existing Student
 * becomes a Parent; a higher role (Parent and above) keeps its role. Either way the account is
 * linked to the inviting student (idempotent) and the invitation used, in one unit of work, audited.
 * A used, expired or unknown token, an inviting student who is no longer a student, or a
 * deactivated invitee: one error; so is a Super Admin's address (theirs in every tenant: no account
 * is made with it). Switched off by the tenant (`ParentInvitationsEnabled`), links already mailed stop
 * working too. Missing or weak account details are refused before the token is spent, so the same
 * link can be tried again.
 */
export const makeAcceptParentInvitation =
  (d: Deps) =>
  async (
    meta: RequestMeta,
    cmd: { token: string; name?: string | undefined; password?: string | undefined },
  ): Promise<Result<AcceptedInvitation, AcceptParentInvitationError>> => {
    const now = d.clock.now();
    const invitation = await d.parentInvitationRepository.findUsable(d.secretDigest.digest(cmd.token), now);
    if (!invitation) return err('INVALID_PARENT_INVITATION');
    const { tenantId } = invitation;
    if (!isEnabled(await d.settingsReader.get(tenantId), 'ParentInvitationsEnabled')) return err('PARENT_INVITATIONS_DISABLED');
    if (await d.userRepository.findSuperAdminByEmail(invitation.email)) return err('INVALID_PARENT_INVITATION');
    const student = await d.learnerDirectory.findById(tenantId, invitation.studentId);
    if (!student || !student.active || student.role !== Role.Student) return err('INVALID_PARENT_INVITATION');
    let passwordHash: string | null = null;
    if (!(await d.userRepository.findByEmail(tenantId, invitation.email))) {
      if (!cmd.name || !cmd.password) return err('ACCOUNT_DETAILS_REQUIRED', 'name and password: no account has this address yet');
      if (!isAcceptablePassword(cmd.password)) return err('WEAK_PASSWORD', 'password: 8 to 128 characters');
      // Hashed before the transaction: argon2 is slow, and PGlite has one connection.
      passwordHash = await d.passwordHasher.hash(cmd.password);
    }
    return d.uow.run(async (): Promise<Result<AcceptedInvitation, AcceptParentInvitationError>> => {
      // Read again inside the unit of work: the address may have registered meanwhile. Every refusal comes before the first write.
      let user = await d.userRepository.findByEmail(tenantId, invitation.email);
      if (user && (user.deletedAt || user.status !== UserStatus.Active || user.id === student.id)) return err('INVALID_PARENT_INVITATION');
      if (!user && !passwordHash) return err('ACCOUNT_DETAILS_REQUIRED', 'name and password: no account has this address yet');
      if (!(await d.parentInvitationRepository.consume(tenantId, invitation.id, now))) return err('INVALID_PARENT_INVITATION');
      let accountCreated = false;
      if (!user) {
        const fresh = newUser(newRecord(d.ids, tenantId, now), {
          username: invitation.email.split('@')[0]!,
          email: invitation.email,
          phone: null,
          displayName: cmd.name!,
          role: Role.Parent,
          status: UserStatus.Active,
          passwordHash,
          // The token came by mail to this address: the address is proven.
          emailVerifiedAt: now,
        });
        accountCreated = await d.userRepository.insert(fresh);
        // A new person of the tenant: the CRM links the leads that name them.
        if (accountCreated) await d.userEvents.created(fresh);
        // Lost a race with a registration of the same address: that account is the one linked.
        user = accountCreated ? fresh : await d.userRepository.findByEmail(tenantId, invitation.email);
        if (!user) throw new Error('parent invitation: the account of the address vanished during acceptance');
      }
      const roleBefore = user.role;
      const role = roleAfterAcceptingInvitation(user.role);
      if (role !== user.role) {
        user = { ...user, role, updatedAt: now };
        await d.userRepository.update(user);
      }
      await d.parentLinkRepository.link({ tenantId, parentId: user.id, studentId: student.id, createdAt: now });
      await recordAudit(d.auditLog, { tenantId, userId: user.id }, meta, {
        action: 'parent.invitation_accept',
        resourceType: 'user',
        resourceId: student.id,
        metadata: {
          invitation_id: invitation.id,
          account_created: accountCreated,
          role_before: accountCreated ? null : roleBefore,
          role: user.role,
        },
      });
      return ok({ parent: user, student, accountCreated, linkedAt: now });
    });
  };
