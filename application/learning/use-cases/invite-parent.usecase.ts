import { Role } from '../../../domain/identity/role.js';
import { normaliseEmail } from '../../../domain/identity/user.js';
import {
  PARENT_INVITATION_TTL_DAYS,
  PARENT_INVITATION_TTL_MS,
  inviterName,
  mayInviteHolder,
} from '../../../domain/learning/parent-invitation.js';
import { isEnabled, pageUrlSetting } from '../../../domain/platform/settings.js';
import type { UserRepository } from '../../identity/ports/user-repository.js';
import { parentInvitationMail } from '../../platform/mail-templates.js';
import type { Mailer, SettingsReader } from '../../platform/ports.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { ParentInvitationRepository } from '../ports/parent-invitation-repository.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Mails per student and hour: enough for a typo or two, not a way to flood mailboxes. */
export const MAX_PARENT_INVITATIONS_PER_HOUR = 5;

export type InviteParentError = 'INSUFFICIENT_PERMISSION' | 'PARENT_INVITATIONS_DISABLED' | 'CANNOT_INVITE_SELF' | 'TOO_MANY_INVITATIONS';

type Deps = Pick<LearningDeps, 'learnerDirectory' | 'secretDigest' | 'auditLog' | 'random' | 'clock' | 'ids' | 'uow'> & {
  parentInvitationRepository: ParentInvitationRepository;
  userRepository: UserRepository;
  settingsReader: SettingsReader;
  mailer: Mailer;
  /** The page of the front end that takes `?token=` (tenant setting `ParentInvitationUrl` overrides it). */
  parentInvitationPage: string;
  /** Outside production a tenant page may be http on this machine (`isPageUrl`). */
  allowLocalHttpPages: boolean;
};

/**
 * `POST /api/lms/student/parent-invitations {email}`: a student (students only, like the linking
 * code: contract §5) invites a parent. A random 256-bit token, stored only as its digest, valid
 * 7 days, single use, is mailed as a link through the outbox in the same unit of work; an earlier
 * unused invitation of the student to the same address stops working. The answer is the same
 * whether or not the address has an account, so it tells the student nothing about others; an
 * address another member of the tenant holds (anyone but a Parent) gets that answer and no mail.
 * The tenant setting `ParentInvitationsEnabled` (default true) switches invitations off.
 */
export const makeInviteParent =
  (d: Deps): AuditedCommand<[rawEmail: string], { email: string; expiresAt: Date }, InviteParentError> =>
  async (actor, meta, rawEmail) => {
    if (actor.role !== Role.Student) return err('INSUFFICIENT_PERMISSION');
    const student = await d.learnerDirectory.findById(actor.tenantId, actor.userId);
    if (!student) return err('INSUFFICIENT_PERMISSION');
    const settings = await d.settingsReader.get(actor.tenantId);
    if (!isEnabled(settings, 'ParentInvitationsEnabled')) return err('PARENT_INVITATIONS_DISABLED');
    const email = normaliseEmail(rawEmail);
    if (email === normaliseEmail(student.email)) return err('CANNOT_INVITE_SELF');
    const now = d.clock.now();
    if (
      (await d.parentInvitationRepository.countSince(actor.tenantId, student.id, new Date(now.getTime() - 3600_000))) >=
      MAX_PARENT_INVITATIONS_PER_HOUR
    ) {
      return err('TOO_MANY_INVITATIONS');
    }
    const expiresAt = new Date(now.getTime() + PARENT_INVITATION_TTL_MS);
    const holder = (await d.userRepository.findSuperAdminByEmail(email)) ?? (await d.userRepository.findByEmail(actor.tenantId, email));
    if (!mayInviteHolder(holder)) {
      await recordAudit(d.auditLog, actor, meta, {
        action: 'parent.invite',
        resourceType: 'parent_invitation',
        resourceId: null,
        metadata: { email, mailed: false },
      });
      return ok({ email, expiresAt });
    }
    const token = d.random.bytesHex(32);
    const page = pageUrlSetting(settings, 'ParentInvitationUrl', d.allowLocalHttpPages) ?? d.parentInvitationPage;
    const link = `${page}${page.includes('?') ? '&' : '?'}token=${token}`;
    const id = d.ids.uuid();
    await d.uow.run(async () => {
      await d.parentInvitationRepository.retire(actor.tenantId, student.id, email, now);
      await d.parentInvitationRepository.insert({
        id,
        tenantId: actor.tenantId,
        studentId: student.id,
        email,
        tokenHash: d.secretDigest.digest(token),
        expiresAt,
        usedAt: null,
        createdAt: now,
      });
      await d.mailer.send(
        actor.tenantId,
        parentInvitationMail(email, {
          studentName: inviterName(student.displayName),
          link,
          token,
          ttlDays: PARENT_INVITATION_TTL_DAYS,
          siteName: String(settings.SiteName ?? 'LMS'),
        }),
      );
      await recordAudit(d.auditLog, actor, meta, {
        action: 'parent.invite',
        resourceType: 'parent_invitation',
        resourceId: id,
        metadata: { email },
      });
    });
    return ok({ email, expiresAt });
  };
