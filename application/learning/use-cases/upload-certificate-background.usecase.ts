import { sniffImage } from '../../../domain/platform/file-types.js';
import type { CertificateTemplate } from '../../../domain/learning/certificate.js';
import type { IncomingFile } from '../../platform/index.js';
import { err } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { SaveCertificateTemplate } from './save-certificate-template.usecase.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * A PNG or JPEG background (max 5 MB, enforced while streaming). The type is read from the
 * bytes, not from what the upload claimed; the file is stored like any upload and the template
 * points at its download URL.
 */
export const makeUploadCertificateBackground =
  (
    d: Pick<LearningDeps, 'courseRepository' | 'fileService'> & { saveCertificateTemplate: SaveCertificateTemplate },
  ): AuditedCommand<[courseId: string, file: IncomingFile | null], CertificateTemplate, 'COURSE_NOT_FOUND' | 'INVALID_IMAGE'> =>
  async (actor, meta, courseId, file) => {
    if (!(await d.courseRepository.findById(actor.tenantId, courseId))) return err('COURSE_NOT_FOUND');
    if (!file) return err('INVALID_IMAGE', 'file: required');
    const kind = sniffImage(await d.fileService.peek(file, 8));
    if (!kind) return err('INVALID_IMAGE', 'file: must be a PNG or JPEG image');
    const name = file.originalName.replace(/\.[^.]*$/, '') || 'background';
    const stored = await d.fileService.store(
      actor,
      { ...file, originalName: `${name}.${kind === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${kind}` },
      'certificate-background',
    );
    return d.saveCertificateTemplate(actor, meta, courseId, { backgroundImageUrl: d.fileService.downloadUrl(stored.storedName) });
  };
