import type { Certificate, CertificateTemplate } from '../../../domain/learning/certificate.js';
import type { CertificateRow, CertificateTemplateRow } from './rows/learning.rows.js';
import type { CertificateRepository } from '../../../application/learning/ports/certificate-repository.js';
import type { DbDeps } from './base.js';
import { knexPage, num, deletedRows, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import { countSince, type DailyRollup } from './daily-rollups.js';

export const CERTIFICATE_COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'course_id',
  'code',
  'student_name',
  'course_title',
  'issued_at',
] as const;

export const toCertificate = (r: CertificateRow): Certificate => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  courseId: r.courseId,
  code: r.code,
  studentName: r.studentName,
  courseTitle: r.courseTitle,
  issuedAt: r.issuedAt,
});

const toTemplate = (r: CertificateTemplateRow): CertificateTemplate => ({
  tenantId: r.tenantId,
  courseId: r.courseId,
  title: r.title,
  body: r.body,
  backgroundImageUrl: r.backgroundImageUrl,
  orientation: r.orientation,
  updatedAt: r.updatedAt,
});

const CERTIFICATES: DailyRollup = { rollup: 'certificate_daily', count: 'certificates', source: 'certificates', time: 'issued_at' };

export const makeCertificatePgRepository = ({ db }: DbDeps): CertificateRepository => ({
  async find(tenantId, userId, courseId) {
    const r = await db.q()('certificates').where({ tenantId, userId, courseId }).first();
    return r ? toCertificate(r) : null;
  },
  async findByCode(code) {
    const r = await db.q()('certificates').where({ code }).first();
    return r ? toCertificate(r) : null;
  },
  insertIfAbsent: (certificate) => tenantTable(db, 'certificates').insertIfAbsent(certificate, ['tenant_id', 'user_id', 'course_id']),
  listOfUsers(tenantId, userIds, page) {
    const q = db
      .q()('certificates')
      .where({ tenantId })
      .whereIn('userId', [...userIds])
      .select('*');
    return knexPage(q, page, toCertificate, { order: newestFirst('issuedAt', 'id') });
  },
  async count(tenantId, filter = {}) {
    // The tenant's (the overview's) from the rollup; a course's from its rows.
    if (!filter.courseId) return countSince(db.q(), CERTIFICATES, tenantId, filter.since);
    const q = db.q()('certificates').where({ tenantId });
    if (filter.since) q.where('issuedAt', '>=', filter.since);
    if (filter.courseId) q.where({ courseId: filter.courseId });
    const r = (await q.count({ n: '*' }).first()) as { n: number } | undefined;
    return num(r?.n);
  },
  countByUsers: (tenantId, userIds) => tenantTable(db, 'certificates').countEachIn(tenantId, 'userId', userIds),
  async getTemplate(tenantId, courseId) {
    const r = await db.q()('certificate_templates').where({ tenantId, courseId }).first();
    return r ? toTemplate(r) : null;
  },
  async saveTemplate(t) {
    await db
      .q()('certificate_templates')
      .insert(t)
      .onConflict(['tenant_id', 'course_id'])
      .merge(['title', 'body', 'backgroundImageUrl', 'orientation', 'updatedAt']);
  },
  async deleteTemplate(tenantId, courseId) {
    return (await deletedRows(db.q()('certificate_templates').where({ tenantId, courseId }).delete())) > 0;
  },
});
