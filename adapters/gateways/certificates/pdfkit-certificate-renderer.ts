import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CertificateDocument, CertificateRenderer } from '../../../application/learning/ports/certificate-renderer.js';

const NAVY = '#1f3a5f';
const GOLD = '#b08d57';
const INK = '#111827';
const MUTED = '#4b5563';

/**
 * A one-page A4 certificate (landscape unless the template says portrait): a double border (or
 * the template's background stretched over the page), the title centred, the holder's name large
 * and the course title under it, the template's own wording if it has some; at the bottom the
 * date, the issuing tenant, the verification code and a QR code of the verification URL. Fonts
 * are pdfkit's built-in Helvetica family, so nothing is loaded from outside.
 */
export const pdfkitCertificateRenderer: CertificateRenderer = {
  async renderPdf(c: CertificateDocument): Promise<Uint8Array> {
    const qr = await QRCode.toBuffer(c.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
    const doc = new PDFDocument({
      size: 'A4',
      layout: c.orientation,
      margin: 0,
      info: { Title: `${c.title}: ${c.studentName}`, Subject: `${c.courseTitle} (certificate ${c.code})`, Author: c.issuer },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', () => resolve());
      doc.on('error', reject);
    });
    const { width: W, height: H } = doc.page;
    let background = false;
    if (c.background) {
      try {
        doc.image(Buffer.from(c.background), 0, 0, { width: W, height: H });
        background = true;
      } catch {
        // An unreadable image must not cost the learner the certificate: render without it.
      }
    }
    if (!background) {
      doc
        .lineWidth(3)
        .strokeColor(NAVY)
        .rect(24, 24, W - 48, H - 48)
        .stroke();
      doc
        .lineWidth(1)
        .strokeColor(GOLD)
        .rect(33, 33, W - 66, H - 66)
        .stroke();
    }

    const m = 64;
    const inner = W - 2 * m;
    /** The largest size from `max` down to `min` at which the text fits on one line. */
    const fit = (text: string, font: string, max: number, min: number) => {
      doc.font(font);
      let size = max;
      while (size > min && doc.fontSize(size).widthOfString(text) > inner) size -= 1;
      return size;
    };
    const centred = (text: string, font: string, size: number, color: string, y: number, maxLines = 1) => {
      doc.font(font).fontSize(size).fillColor(color);
      const height = Math.min(doc.heightOfString(text, { width: inner }), doc.currentLineHeight(true) * maxLines);
      doc.text(text, m, y, { width: inner, align: 'center', height, ellipsis: true });
      return y + height;
    };

    // The middle: title, rule, holder, course.
    let y = H * (c.orientation === 'landscape' ? 0.16 : 0.18);
    y = centred(c.title, 'Helvetica-Bold', fit(c.title, 'Helvetica-Bold', 34, 20), NAVY, y, 2) + 12;
    doc
      .lineWidth(2)
      .strokeColor(GOLD)
      .moveTo(W / 2 - 60, y)
      .lineTo(W / 2 + 60, y)
      .stroke();
    y += 22;
    y = centred('This certifies that', 'Helvetica', 14, MUTED, y) + 10;
    y = centred(c.studentName, 'Helvetica-Bold', fit(c.studentName, 'Helvetica-Bold', 40, 18), INK, y, 2) + 4;
    doc
      .lineWidth(0.75)
      .strokeColor('#9ca3af')
      .moveTo(W / 2 - inner * 0.3, y)
      .lineTo(W / 2 + inner * 0.3, y)
      .stroke();
    y += 14;
    y = centred('has successfully completed the course', 'Helvetica', 14, MUTED, y) + 8;
    y = centred(c.courseTitle, 'Helvetica-Bold', fit(c.courseTitle, 'Helvetica-Bold', 26, 14), NAVY, y, 2) + 14;

    // The bottom: date and issuer over their captions, the QR code with the code under it.
    const qrSize = 88;
    const base = H - m - 10;
    const block = Math.min(200, (inner - qrSize - 40) / 2 - 10);
    const caption = (value: string, label: string, x: number) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(13)
        .fillColor(INK)
        .text(value, x, base - 44, { width: block, align: 'center', height: 18, ellipsis: true });
      doc
        .lineWidth(0.75)
        .strokeColor('#9ca3af')
        .moveTo(x, base - 24)
        .lineTo(x + block, base - 24)
        .stroke();
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(label, x, base - 18, { width: block, align: 'center' });
    };
    caption(c.issuedOn, 'Date issued', m);
    caption(c.issuer, 'Issued by', Math.max(m + block + 16, W / 2 - block / 2));
    doc.image(qr, W - m - qrSize, base - qrSize - 12, { width: qrSize, height: qrSize });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(c.code, W - m - qrSize - 20, base - 8, { width: qrSize + 40, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`Verify at ${c.verifyUrl}`, m, base + 2, { width: inner - qrSize - 40, height: 10, ellipsis: true });

    // A template's own wording, in the room left between the course title and the bottom.
    const room = base - 56 - y;
    if (c.body && room > 14) {
      doc
        .font('Helvetica')
        .fontSize(12)
        .fillColor('#374151')
        .text(c.body, m + 20, y, { width: inner - 40, align: 'center', height: room, ellipsis: true, lineGap: 2 });
    }
    doc.end();
    await done;
    return Buffer.concat(chunks);
  },
};
