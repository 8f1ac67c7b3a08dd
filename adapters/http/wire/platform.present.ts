import type { District, Province, Regency } from '../../../domain/platform/region.js';
import type { StoredFile } from '../../../domain/platform/file-types.js';
import { DOWNLOAD_PREFIX } from '../../../application/platform/file-service.js';
import type { AuditEntry, MailMessage } from '../../../application/platform/ports.js';
import type { z } from 'zod';
import { accountSectionView } from './identity.present.js';
import { engagementSectionView } from './engagement.present.js';
import { learningSectionView } from './learning.present.js';
import { assessmentSectionView } from './assessment.present.js';
import { commerceSectionView } from './commerce.present.js';
import { crmSectionView } from './crm.present.js';
import type * as wire from './platform.wire.js';

type Overview = z.input<typeof wire.DashboardOverview>;

/* Each section's presenter, by name: contributors answer domain values, each presented as its section's schema. */
const sectionViews: { [K in keyof Overview]-?: (value: never) => NonNullable<Overview[K]> } = {
  account: accountSectionView,
  learning: learningSectionView,
  engagement: engagementSectionView,
  assessment: assessmentSectionView,
  commerce: commerceSectionView,
  crm: crmSectionView,
};

const isSection = (name: string): name is keyof Overview => Object.hasOwn(sectionViews, name);

/**
 * `GET /api/dashboard/overview`: each contributed section under its name, presented by its context.
 * The contributors are looked up by name (composition/modules), so the pairing of a name with its
 * domain value is the one thing not typed: a section without a presenter is a wiring mistake.
 */
export const dashboardOverviewView = (sections: ReadonlyArray<{ section: string; value: unknown }>): Overview =>
  Object.fromEntries(
    sections.map(({ section, value }) => {
      if (!isSection(section)) throw new Error(`dashboard section "${section}" has no presenter`);
      return [section, (sectionViews[section] as (value: unknown) => unknown)(value)];
    }),
  ) as Overview;

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
