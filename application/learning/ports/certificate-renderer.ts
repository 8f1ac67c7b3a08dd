import type { Orientation } from '../../../domain/learning/certificate.js';

export interface CertificateDocument {
  /** The template's title ("Certificate of Completion" by default). */
  title: string;
  /** The holder's name and the course title as they were at issue: the prominent lines. */
  studentName: string;
  courseTitle: string;
  /** The day of issue as a person reads it ("22 November 2026"). */
  issuedOn: string;
  /** The name of the tenant that issues it. */
  issuer: string;
  /** A course template's own wording, placeholders filled; null for the default wording. */
  body: string | null;
  orientation: Orientation;
  /** PNG or JPEG bytes, or none. */
  background: Uint8Array | null;
  /** Encoded as a QR code on the page. */
  verifyUrl: string;
  code: string;
}

/** Renders a certificate to PDF bytes (pdfkit in adapters/gateways). */
export interface CertificateRenderer {
  renderPdf(doc: CertificateDocument): Promise<Uint8Array>;
}
