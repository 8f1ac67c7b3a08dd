import { decimalsOf, roundMinor, type Minor } from '../../domain/shared/money.js';
import type { Order } from '../../domain/commerce/order.js';
import { htmlParagraphs } from '../platform/mail-templates.js';
import type { MailAttachment, OutgoingMail } from '../platform/ports.js';

/** `IDR 150,000`, `USD 19,999.99`: the units grouped by Intl (a bigint, exact), the hundredths appended when the currency has them. */
export const formatMoney = (amount: Minor, currency: string): string => {
  const rounded = roundMinor(amount, currency);
  const abs = rounded < 0n ? -rounded : rounded;
  const cents = decimalsOf(currency) > 0 ? `.${(abs % 100n).toString().padStart(2, '0')}` : '';
  return `${currency} ${rounded < 0n ? '-' : ''}${new Intl.NumberFormat('en-US').format(abs / 100n)}${cents}`;
};

const lines = (o: Order) =>
  o.items.map((i) => `- ${i.name}${i.quantity > 1 ? ` × ${i.quantity}` : ''}: ${formatMoney(i.amount, o.currency)}`).join('\n');

const totals = (o: Order) =>
  [
    `Subtotal: ${formatMoney(o.subtotal, o.currency)}`,
    ...(o.discount > 0n ? [`Discount${o.promoCode ? ` (${o.promoCode})` : ''}: -${formatMoney(o.discount, o.currency)}`] : []),
    `Total: ${formatMoney(o.totalAmount, o.currency)}`,
  ].join('\n');

/** Sent when an order is placed, and again on `resend-email`. */
export function orderConfirmationMail(to: string, name: string, o: Order, siteName: string): OutgoingMail {
  const text =
    `Hello ${name},\n\nThank you for your order at ${siteName}.\n\nOrder ${o.id} (${o.status})\n${lines(o)}\n\n${totals(o)}\n\n` +
    (o.status === 'pending'
      ? 'Your order is waiting for payment. Access is granted as soon as the payment is confirmed.'
      : `Status: ${o.status}.`);
  return {
    to,
    subject: `${siteName}: order ${o.id.slice(0, 8).toUpperCase()} received`,
    text,
    html: htmlParagraphs(text),
    template: 'order_confirmation',
  };
}

/** Sent when an order is paid (in the same unit of work), and again on `resend-receipt`; the PDF is attached. */
export function receiptMail(
  to: string,
  name: string,
  o: Order,
  receiptNumber: string,
  pdf: MailAttachment,
  siteName: string,
): OutgoingMail {
  const text =
    `Hello ${name},\n\nWe received your payment. Thank you!\n\nReceipt ${receiptNumber} for order ` +
    `${o.id}\n${lines(o)}\n\n${totals(o)}\n\nPaid at ${o.paidAt?.toISOString() ?? ''}. The receipt is attached as a PDF.`;
  return {
    to,
    subject: `${siteName}: receipt ${receiptNumber}`,
    text,
    html: htmlParagraphs(text),
    template: 'order_receipt',
    attachments: [pdf],
  };
}
