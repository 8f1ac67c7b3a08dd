import type { Order } from '../../domain/commerce/order.js';
import type { CommerceDeps } from './deps.js';
import { orderConfirmationMail } from './mail-templates.js';

/** Writes the order confirmation to the mail outbox (in the caller's unit of work, if any). */
export async function sendOrderConfirmation(
  d: Pick<CommerceDeps, 'userRepository' | 'settingsReader' | 'mailer'>,
  order: Order,
): Promise<boolean> {
  const [user, settings] = await Promise.all([
    d.userRepository.findById(order.tenantId, order.userId),
    d.settingsReader.get(order.tenantId),
  ]);
  if (!user || user.deletedAt) return false;
  await d.mailer.send(order.tenantId, orderConfirmationMail(user.email, user.displayName, order, String(settings.SiteName ?? 'LMS')));
  return true;
}
