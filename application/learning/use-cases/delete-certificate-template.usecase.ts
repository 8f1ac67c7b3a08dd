import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';

/** Back to the default template; certificates already issued are unaffected (they render on demand). */
export const makeDeleteCertificateTemplate =
  (d: Pick<LearningDeps, 'courseRepository' | 'certificateRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, courseId: string): Promise<Result<null, 'COURSE_NOT_FOUND' | 'TEMPLATE_NOT_FOUND'>> => {
    if (!(await d.courseRepository.findById(actor.tenantId, courseId))) return err('COURSE_NOT_FOUND');
    return auditedRemove(d, actor, meta, () => d.certificateRepository.deleteTemplate(actor.tenantId, courseId), 'TEMPLATE_NOT_FOUND', {
      action: 'certificate_template.delete',
      resourceType: 'course',
      resourceId: courseId,
    });
  };
