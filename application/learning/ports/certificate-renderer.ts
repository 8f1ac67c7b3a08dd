import type { Orientation } from '../../../domain/learning/certificate.js';

export interface CertificateDocument {
  title: string;
  /** The body with its placeholders filled. */
  body: string;
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
