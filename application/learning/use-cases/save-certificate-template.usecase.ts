import { DEFAULT_TEMPLATE, type CertificateTemplate, type Orientation } from '../../../domain/learning/certificate.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { merge } from '../../../domain/shared/merge.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface TemplateChanges {
  title?: string | undefined;
  body?: string | undefined;
  backgroundImageUrl?: string | null | undefined;
  orientation?: Orientation | undefined;
}

/** Upsert: any subset of the fields, on top of the current template or the default one. */
export const makeSaveCertificateTemplate =
  (
    d: Pick<LearningDeps, 'courseRepository' | 'certificateRepository' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[courseId: string, changes: TemplateChanges], CertificateTemplate, 'COURSE_NOT_FOUND'> =>
  async (actor, meta, courseId, changes) => {
    if (!(await d.courseRepository.findById(actor.tenantId, courseId))) return err('COURSE_NOT_FOUND');
    const current = (await d.certificateRepository.getTemplate(actor.tenantId, courseId)) ?? {
      tenantId: actor.tenantId,
      courseId,
      ...DEFAULT_TEMPLATE,
    };
    const template: CertificateTemplate = { ...merge(current, changes), updatedAt: d.clock.now() };
    await auditedWrite(d, actor, meta, () => d.certificateRepository.saveTemplate(template), {
      action: 'certificate_template.save',
      resourceType: 'course',
      resourceId: courseId,
      metadata: { fields: Object.keys(changes) },
    });
    return ok(template);
  };

export type SaveCertificateTemplate = ReturnType<typeof makeSaveCertificateTemplate>;
