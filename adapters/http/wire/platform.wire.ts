import { z } from 'zod';
import { SETTING_DEFINITIONS, type SettingDefinition } from '../../../domain/platform/settings.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';
import { AssessmentSection } from './assessment.wire.js';
import { CommerceSection } from './commerce.wire.js';
import { CrmSection } from './crm.wire.js';
import { EngagementSection } from './engagement.wire.js';
import { AccountSection } from './identity.wire.js';
import { LearningSection } from './learning.wire.js';

/* Wire shapes of the platform context (see learning.wire.ts for the conventions). */

const settingValue = (d: SettingDefinition) => {
  const base =
    d.type === 'boolean'
      ? z.boolean()
      : d.type === 'number'
        ? z.number()
        : d.type === 'string_list'
          ? z.array(z.string())
          : z.string().nullable();
  return base.meta({ description: `${d.description} Default: ${JSON.stringify(d.default)}.` });
};

export const PublicSettings = z
  .object(Object.fromEntries(SETTING_DEFINITIONS.filter((d) => d.public).map((d) => [d.key, settingValue(d)])))
  .meta({ id: 'PublicSettings' });

const configured = z.object({ configured: z.boolean() }).meta({ description: 'A secret: only whether it is set' });
export const AdminSettings = z
  .object(Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, d.secret ? configured : settingValue(d)])))
  .meta({ id: 'AdminSettings' });

export const AuditEntry = z
  .object({
    id,
    user_id: id.nullable().meta({ description: 'The actor' }),
    action: z.string().meta({ examples: ['auth.login'] }),
    resource_type: z.string().nullable(),
    resource_id: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    created_at: timestamp,
  })
  .meta({ id: 'AuditEntry' });
export const AuditPage = pageOf(AuditEntry).meta({ id: 'AuditPage' });

export const OutboxMail = z
  .object({
    id,
    message_id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string().nullable(),
    html: z.string().nullable(),
    template: z.string().nullable(),
    attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
    status: z.enum(['queued', 'sent', 'stored', 'failed']),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: timestamp,
    sent_at: timestamp.nullable(),
  })
  .meta({ id: 'OutboxMail' });
export const OutboxPage = pageOf(OutboxMail).meta({ id: 'OutboxPage' });

const section = <T extends z.ZodType>(schema: T, what: string) => schema.optional().meta({ description: what });
export const DashboardOverview = z
  .object({
    account: section(AccountSection, "The caller and their role; admins: the tenant's users by role"),
    learning: section(
      LearningSection,
      'Students: enrolled/completed courses, progress, courses to continue; parents: each child; mentors and admins: catalogue figures',
    ),
    assessment: section(AssessmentSection, 'Quizzes in progress, assignments to grade or graded'),
    engagement: section(EngagementSection, "Today's schedule and unread messages"),
    commerce: section(CommerceSection, 'Subscriptions and orders; admins: revenue of the month'),
    crm: section(CrmSection, 'Admins: leads, conversion, failed webhook deliveries'),
  })
  .meta({
    id: 'DashboardOverview',
    description: "One section per context, shaped by the caller's role; a section with nothing to say is left out",
  });

export const StoredFile = z
  .object({
    id,
    name: z.string().meta({ description: 'The original file name' }),
    url: z.string().meta({ examples: ['/api/files/download/0f8fad5b-d9cb-469f-a165-70867728950e.pdf'] }),
    stored_name: z.string(),
    size: z.number().int(),
    mime_type: z.string(),
    purpose: z.string(),
    uploaded_by: id.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'File' });
export const FilePage = pageOf(StoredFile).meta({ id: 'FilePage' });

export const Province = z
  .object({ code: z.string().meta({ examples: ['32'] }), name: z.string().meta({ examples: ['Jawa Barat'] }) })
  .meta({ id: 'Province' });
export const Regency = z
  .object({
    code: z.string().meta({ examples: ['32.73'] }),
    province_code: z.string(),
    name: z.string().meta({ examples: ['Kota Bandung'] }),
  })
  .meta({ id: 'Regency' });
export const District = z
  .object({ code: z.string().meta({ examples: ['32.73.01'] }), regency_code: z.string(), name: z.string() })
  .meta({ id: 'District' });
