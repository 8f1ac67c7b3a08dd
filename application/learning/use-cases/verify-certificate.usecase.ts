import { CERTIFICATE_CODE_LENGTH, formatCertificateCode, isWellFormedCode, normaliseCode } from '../../../domain/learning/codes.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

/** Public verification by code (dashes and case ignored); an unknown code is not found. */
export const makeVerifyCertificate = (d: Pick<LearningDeps, 'certificateRepository'>) =>
  async (input: string): Promise<Result<Certificate, 'CERTIFICATE_NOT_FOUND'>> => {
    const raw = normaliseCode(input);
    if (!isWellFormedCode(raw, CERTIFICATE_CODE_LENGTH)) return err('CERTIFICATE_NOT_FOUND');
    const certificate = await d.certificateRepository.findByCode(formatCertificateCode(raw));
    return certificate ? ok(certificate) : err('CERTIFICATE_NOT_FOUND');
  };
