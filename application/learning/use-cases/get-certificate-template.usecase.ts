import { DEFAULT_TEMPLATE, type CertificateTemplate } from '../../../domain/learning/certificate.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

/** The course's template, or the default one (`isDefault`) when it has none. */
export const makeGetCertificateTemplate =
  (d: Pick<LearningDeps, 'courseRepository' | 'certificateRepository'>) =>
  async (
    actor: Actor,
    courseId: string,
  ): Promise<
    Result<{ template: Omit<CertificateTemplate, 'updatedAt'> & { updatedAt: Date | null }; isDefault: boolean }, 'COURSE_NOT_FOUND'>
  > => {
    if (!(await d.courseRepository.findById(actor.tenantId, courseId))) return err('COURSE_NOT_FOUND');
    const template = await d.certificateRepository.getTemplate(actor.tenantId, courseId);
    return ok(
      template
        ? { template, isDefault: false }
        : { template: { tenantId: actor.tenantId, courseId, ...DEFAULT_TEMPLATE, updatedAt: null }, isDefault: true },
    );
  };
