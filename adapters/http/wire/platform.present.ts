import type { District, Province, Regency } from '../../../domain/platform/region.js';
import type { StoredFile } from '../../../domain/platform/file-types.js';
import { DOWNLOAD_PREFIX } from '../../../application/platform/file-service.js';
import type { AuditEntry, MailMessage } from '../../../application/platform/ports.js';
import type { z } from 'zod';
import type { AccountSection } from '../../../application/identity/identity-dashboard.js';
import type { EngagementSection } from '../../../application/engagement/engagement-dashboard.js';
import type { LearningSection } from '../../../application/learning/learning-dashboard.js';
import { accountSectionView } from './identity.present.js';
import { engagementSectionView } from './engagement.present.js';
import { learningSectionView } from './learning.present.js';
import type { AssessmentSection } from '../../../application/assessment/assessment-dashboard.js';
import type { CommerceSection } from '../../../application/commerce/commerce-dashboard.js';
import type { CrmSection } from '../../../application/crm/crm-dashboard.js';
import { assessmentSectionView } from './assessment.present.js';
import { commerceSectionView } from './commerce.present.js';
import { crmSectionView } from './crm.present.js';
import type * as wire from './platform.wire.js';

type Section = Record<string, unknown>;

/* Each section's presenter, by name: contributors answer domain values. */
const sectionViews: Record<string, (value: never) => Section> = {
  account: (s: AccountSection) => accountSectionView(s),
  learning: (s: LearningSection) => learningSectionView(s),
  engagement: (s: EngagementSection) => engagementSectionView(s),
  assessment: (s: AssessmentSection) => assessmentSectionView(s),
  commerce: (s: CommerceSection) => commerceSectionView(s),
  crm: (s: CrmSection) => crmSectionView(s),
};

/** `GET /api/dashboard/overview`: each contributed section under its name, presented by its context. */
export const dashboardOverviewView = (
  sections: ReadonlyArray<{ section: string; value: unknown }>,
): z.input<typeof wire.DashboardOverview> =>
  Object.fromEntries(
    sections.map(({ section, value }) => {
      const view = sectionViews[section] as ((value: unknown) => Section) | undefined;
      return [section, view ? view(value) : (value as Section)];
    }),
  );

export const auditView = (e: AuditEntry): z.input<typeof wire.AuditEntry> => ({
  id: e.id,
  user_id: e.userId,
  action: e.action,
  resource_type: e.resourceType,
  resource_id: e.resourceId,
  ip: e.ip,
  user_agent: e.userAgent,
  metadata: e.metadata,
  created_at: e.createdAt,
});

/** Mails whose body is a credential of their recipient: an Admin reading the outbox must not take over the account (a Super Admin's included). */
const WITHHELD = new Map([
  ['password_reset', '[withheld: this mail holds a password reset link, a secret of its recipient]'],
  ['parent_invitation', '[withheld: this mail holds a parent invitation link, a secret of its recipient]'],
]);

const withheld = (m: MailMessage) => {
  const text = WITHHELD.get(m.template ?? '');
  return text ? { text, html: null } : { text: m.text, html: m.html };
};

export const mailView = (m: MailMessage): z.input<typeof wire.OutboxMail> => ({
  id: m.id,
  message_id: m.messageId,
  to: m.to,
  subject: m.subject,
  ...withheld(m),
  template: m.template,
  attachments: m.attachments.map((a) => ({
    filename: a.filename,
    content_type: a.contentType,
    size: Math.floor((a.contentBase64.length * 3) / 4),
  })),
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: m.createdAt,
  sent_at: m.sentAt,
});

export const fileView = (f: StoredFile): z.input<typeof wire.StoredFile> => ({
  id: f.id,
  name: f.originalName,
  url: `${DOWNLOAD_PREFIX}${f.storedName}`,
  stored_name: f.storedName,
  size: f.size,
  mime_type: f.mimeType,
  purpose: f.purpose,
  uploaded_by: f.uploadedBy,
  created_at: f.createdAt,
});

export const provinceView = (p: Province): z.input<typeof wire.Province> => ({ code: p.code, name: p.name });
export const regencyView = (x: Regency): z.input<typeof wire.Regency> => ({ code: x.code, province_code: x.provinceCode, name: x.name });
export const districtView = (x: District): z.input<typeof wire.District> => ({ code: x.code, regency_code: x.regencyCode, name: x.name });
