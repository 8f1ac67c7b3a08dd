import { CERTIFICATE_CODE_LENGTH, formatCertificateCode, isWellFormedCode, normaliseCode } from '../../../domain/learning/codes.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import { issuerName } from '../../../domain/platform/settings.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

export interface VerifiedCertificate {
  certificate: Certificate;
  /** Who issued it: the tenant's `SiteName`, else its name. */
  issuer: string;
}

/** Public verification by code (dashes and case ignored); an unknown code is not found. */
export const makeVerifyCertificate =
  (d: Pick<LearningDeps, 'certificateRepository' | 'tenantRepository' | 'settingsReader'>) =>
  async (input: string): Promise<Result<VerifiedCertificate, 'CERTIFICATE_NOT_FOUND'>> => {
    const raw = normaliseCode(input);
    if (!isWellFormedCode(raw, CERTIFICATE_CODE_LENGTH)) return err('CERTIFICATE_NOT_FOUND');
    const certificate = await d.certificateRepository.findByCode(formatCertificateCode(raw));
    if (!certificate) return err('CERTIFICATE_NOT_FOUND');
    const [tenant, settings] = await Promise.all([
      d.tenantRepository.findById(certificate.tenantId),
      d.settingsReader.get(certificate.tenantId),
    ]);
    return ok({ certificate, issuer: issuerName(settings, tenant?.name ?? '') });
  };
