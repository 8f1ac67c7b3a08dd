/**
 * Where anyone confirms a certificate (contract §6: `GET /api/lms/certificates/verify/:code`):
 * printed on the PDF and answered with the certificate, so both must build it the same way.
 */
export const certificateVerifyUrl = (publicUrl: string, code: string): string =>
  `${publicUrl}/api/lms/certificates/verify/${encodeURIComponent(code)}`;
