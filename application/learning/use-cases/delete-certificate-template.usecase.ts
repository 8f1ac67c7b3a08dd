import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';

/** Back to the default template; certificates already issued are unaffected (they render on demand). */
export const makeDeleteCertificateTemplate =
  (d: Pick<LearningDeps, 'courseRepository' | 'certificateRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, courseId: string): Promise<Result<null, 'COURSE_NOT_FOUND' | 'TEMPLATE_NOT_FOUND'>> => {
    if (!(await d.courseRepository.findById(actor.tenantId, courseId))) return err('COURSE_NOT_FOUND');
    return d.uow.run(async () => {
      if (!(await d.certificateRepository.deleteTemplate(actor.tenantId, courseId))) return err('TEMPLATE_NOT_FOUND');
      await recordAudit(d.auditLog, actor, meta, { action: 'certificate_template.delete', resourceType: 'course', resourceId: courseId });
      return ok(null);
    });
  };
