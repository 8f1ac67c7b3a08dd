import { DEFAULT_TEMPLATE, fillPlaceholders, formatIssuedAt, type Certificate } from '../../../domain/learning/certificate.js';
import { issuerName } from '../../../domain/platform/settings.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { verifyUrlOf } from '../presenters.js';
import type { GetMyCertificate } from './get-my-certificate.usecase.js';

/**
 * The certificate as a PDF of the course's template (or the default one): the holder's name and
 * the course title from the certificate's own snapshot, the template's title, its body with the
 * placeholders filled when it has its own wording (the default wording is what the layout already
 * says), the background if it is one of our stored files (the server never fetches outside URLs),
 * the issuer (the tenant's `SiteName`, else its name), and a QR code of the public verification URL.
 */
export const makeRenderCertificatePdf =
  (
    d: Pick<
      LearningDeps,
      'certificateRepository' | 'certificateRenderer' | 'fileService' | 'tenantRepository' | 'settingsReader' | 'publicUrl'
    > & { getMyCertificate: GetMyCertificate },
  ) =>
  async (
    actor: Actor,
    courseId: string,
  ): Promise<Result<{ certificate: Certificate; pdf: Uint8Array }, 'COURSE_NOT_FOUND' | 'CERTIFICATE_NOT_FOUND'>> => {
    const found = await d.getMyCertificate(actor, courseId);
    if (!found.ok) return found;
    const certificate = found.value;
    const template = (await d.certificateRepository.getTemplate(actor.tenantId, courseId)) ?? DEFAULT_TEMPLATE;
    const storedName = template.backgroundImageUrl ? d.fileService.storedNameOf(template.backgroundImageUrl) : null;
    const background = storedName ? await d.fileService.readBytes(actor.tenantId, storedName) : null;
    const [tenant, settings] = await Promise.all([
      d.tenantRepository.findById(certificate.tenantId),
      d.settingsReader.get(certificate.tenantId),
    ]);
    const issuedOn = formatIssuedAt(certificate.issuedAt);
    const values = {
      student_name: certificate.studentName,
      course_title: certificate.courseTitle,
      issued_at: issuedOn,
      code: certificate.code,
    };
    const pdf = await d.certificateRenderer.renderPdf({
      title: fillPlaceholders(template.title, values),
      studentName: certificate.studentName,
      courseTitle: certificate.courseTitle,
      issuedOn,
      issuer: issuerName(settings, tenant?.name ?? ''),
      body: template.body.trim() === '' || template.body === DEFAULT_TEMPLATE.body ? null : fillPlaceholders(template.body, values),
      orientation: template.orientation,
      background,
      verifyUrl: verifyUrlOf(d.publicUrl, certificate.code),
      code: certificate.code,
    });
    return ok({ certificate, pdf });
  };
