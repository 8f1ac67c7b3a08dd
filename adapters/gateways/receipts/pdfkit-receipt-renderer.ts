import PDFDocument from 'pdfkit';
import type { ReceiptDocument, ReceiptRenderer } from '../../../application/commerce/ports/receipt-renderer.js';
import { formatMoney } from '../../../application/commerce/mail-templates.js';

const day = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** A one-page A4 receipt with pdfkit's built-in Helvetica (nothing loaded from outside). */
export const pdfkitReceiptRenderer: ReceiptRenderer = {
  async renderPdfBase64(r: ReceiptDocument): Promise<string> {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${r.number}`, Subject: `Order ${r.orderId}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', () => resolve());
      doc.on('error', reject);
    });
    const left = 56;
    const width = doc.page.width - 112;
    doc.fillColor('#111827').font('Helvetica-Bold').fontSize(20).text(r.siteName, left, 56);
    doc.font('Helvetica-Bold').fontSize(14).text('RECEIPT', left, 60, { width, align: 'right' });
    doc.moveDown(1.5).font('Helvetica').fontSize(10).fillColor('#374151');
    doc
      .text(`Receipt number: ${r.number}`, left)
      .text(`Order: ${r.orderId}`)
      .text(`Paid at: ${day(r.paidAt)}`);
    if (r.paymentMethod) doc.text(`Payment method: ${r.paymentMethod}`);
    if (r.transactionId) doc.text(`Transaction: ${r.transactionId}`);
    doc.moveDown().text(`Billed to: ${r.customer.name} <${r.customer.email}>`);
    doc.moveDown(1.5);

    const cols = { name: left, qty: left + width * 0.58, unit: left + width * 0.66, amount: left + width * 0.82 };
    const row = (name: string, qty: string, unit: string, amount: string, bold = false) => {
      const y = doc.y;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor('#111827');
      doc.text(name, cols.name, y, { width: width * 0.56 });
      const end = doc.y;
      doc.text(qty, cols.qty, y, { width: width * 0.07, align: 'right' });
      doc.text(unit, cols.unit, y, { width: width * 0.15, align: 'right' });
      doc.text(amount, cols.amount, y, { width: width * 0.18, align: 'right' });
      doc.y = Math.max(end, doc.y) + 4;
    };
    /** A grey line across the table, and `gap` points below it. */
    const rule = (gap: number) => {
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .strokeColor('#9ca3af')
        .stroke();
      doc.y += gap;
    };
    row('Item', 'Qty', 'Unit price', 'Amount', true);
    rule(4);
    for (const l of r.lines) row(l.name, String(l.quantity), formatMoney(l.unitPrice, r.currency), formatMoney(l.amount, r.currency));
    rule(6);
    row('Subtotal', '', '', formatMoney(r.subtotal, r.currency));
    if (r.discount > 0n) row(`Discount${r.promoCode ? ` (${r.promoCode})` : ''}`, '', '', `-${formatMoney(r.discount, r.currency)}`);
    row('Total paid', '', '', formatMoney(r.total, r.currency), true);
    doc
      .moveDown(2)
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#6b7280')
      .text(`Issued ${day(r.issuedAt)}. Thank you for your purchase.`, left, doc.y, { width });
    doc.end();
    await done;
    return Buffer.concat(chunks).toString('base64');
  },
};
