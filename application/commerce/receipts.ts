import { receiptNumber, type Order } from '../../domain/commerce/order.js';
import type { MailAttachment, OutgoingMail } from '../platform/ports.js';
import type { CommerceDeps } from './deps.js';
import { receiptMail } from './mail-templates.js';

type Deps = Pick<CommerceDeps, 'receiptRenderer' | 'userRepository' | 'settingsReader'>;

/**
 * The receipt mail of a paid order, its PDF rendered and attached. Rendering is pure CPU work of
 * a few milliseconds; the payment settlement does it before opening its unit of work.
 */
export async function buildReceiptMail(
  d: Deps,
  order: Order,
  payment: { paymentMethod: string; transactionId: string } | null,
): Promise<OutgoingMail | null> {
  const [user, settings] = await Promise.all([
    d.userRepository.findById(order.tenantId, order.userId),
    d.settingsReader.get(order.tenantId),
  ]);
  if (!user || user.deletedAt) return null;
  const siteName = String(settings.SiteName ?? 'LMS');
  const number = receiptNumber(order);
  const paidAt = order.paidAt ?? order.updatedAt;
  const base64 = await d.receiptRenderer.renderPdfBase64({
    siteName,
    number,
    orderId: order.id,
    issuedAt: paidAt,
    paidAt,
    customer: { name: user.displayName, email: user.email },
    lines: order.items.map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, amount: i.amount })),
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.totalAmount,
    currency: order.currency,
    promoCode: order.promoCode,
    paymentMethod: payment?.paymentMethod ?? null,
    transactionId: payment?.transactionId ?? null,
  });
  const pdf: MailAttachment = { filename: `${number}.pdf`, contentType: 'application/pdf', contentBase64: base64 };
  return receiptMail(user.email, user.displayName, order, number, pdf, siteName);
}
