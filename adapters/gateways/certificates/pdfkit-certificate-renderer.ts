import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CertificateDocument, CertificateRenderer } from '../../../application/learning/ports/certificate-renderer.js';

/**
 * A one-page A4 certificate: the background stretched over the page, the title, the filled
 * body, and a QR code of the verification URL with the code under it. Fonts are pdfkit's
 * built-in Helvetica family, so nothing is loaded from outside.
 */
export const pdfkitCertificateRenderer: CertificateRenderer = {
  async renderPdf(c: CertificateDocument): Promise<Uint8Array> {
    const qr = await QRCode.toBuffer(c.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
    const doc = new PDFDocument({ size: 'A4', layout: c.orientation, margin: 0, info: { Title: c.title, Subject: `Certificate ${c.code}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', () => resolve());
      doc.on('error', reject);
    });
    const { width, height } = doc.page;
    if (c.background) {
      try {
        doc.image(Buffer.from(c.background), 0, 0, { width, height });
      } catch {
        // An unreadable image must not cost the learner the certificate: render without it.
      }
    } else {
      doc.lineWidth(3).strokeColor('#1f3a5f').rect(24, 24, width - 48, height - 48).stroke();
      doc.lineWidth(1).strokeColor('#8aa1bd').rect(32, 32, width - 64, height - 64).stroke();
    }
    const margin = 72;
    const qrSize = 96;
    doc.fillColor('#1f2937').font('Helvetica-Bold').fontSize(32).text(c.title, margin, height * 0.2, { width: width - 2 * margin, align: 'center' });
    doc.moveDown(1.2);
    doc.font('Helvetica').fontSize(15).text(c.body, margin, doc.y, { width: width - 2 * margin, align: 'center', lineGap: 4 });
    doc.image(qr, width - margin - qrSize, height - margin - qrSize - 14, { width: qrSize, height: qrSize });
    doc.font('Helvetica').fontSize(8).fillColor('#4b5563')
      .text(c.code, width - margin - qrSize - 20, height - margin - 10, { width: qrSize + 40, align: 'center' })
      .text(`Verify at ${c.verifyUrl}`, margin, height - margin - 10, { width: width - 2 * margin - qrSize - 40, align: 'left' });
    doc.end();
    await done;
    return Buffer.concat(chunks);
  },
};
