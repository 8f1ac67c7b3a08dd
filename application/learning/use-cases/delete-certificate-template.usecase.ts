import { err } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Back to the default template; certificates already issued are unaffected (they render on demand). */
export const makeDeleteCertificateTemplate =
  (
    d: Pick<LearningDeps, 'courseRepository' | 'certificateRepository' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[courseId: string], null, 'COURSE_NOT_FOUND' | 'TEMPLATE_NOT_FOUND'> =>
  async (actor, meta, courseId) => {
    if (!(await d.courseRepository.findById(actor.tenantId, courseId))) return err('COURSE_NOT_FOUND');
    return auditedRemove(d, actor, meta, () => d.certificateRepository.deleteTemplate(actor.tenantId, courseId), 'TEMPLATE_NOT_FOUND', {
      action: 'certificate_template.delete',
      resourceType: 'course',
      resourceId: courseId,
    });
  };
