import type { Minor } from '../../../domain/shared/money.js';

export interface ReceiptDocument {
  siteName: string;
  number: string;
  orderId: string;
  issuedAt: Date;
  paidAt: Date;
  customer: { name: string; email: string };
  lines: Array<{ name: string; quantity: number; unitPrice: Minor; amount: Minor }>;
  subtotal: Minor;
  discount: Minor;
  total: Minor;
  currency: string;
  promoCode: string | null;
  paymentMethod: string | null;
  transactionId: string | null;
}

/** Renders a receipt to a PDF (pdfkit in adapters/gateways), answered as base64 for a mail attachment. */
export interface ReceiptRenderer {
  renderPdfBase64(doc: ReceiptDocument): Promise<string>;
}
