import type { PaymentMethod } from '../../domain/commerce/payment.js';
import type { SettingsReader } from '../platform/ports.js';
import type { PaymentGateway } from './ports/payment-gateway.js';

/**
 * The methods a tenant offers: its provider's methods, narrowed by the `PaymentMethods` setting
 * (codes; empty = all of them), in the provider's order.
 */
export async function availableMethods(
  d: { paymentGateway: PaymentGateway; settingsReader: SettingsReader },
  tenantId: string,
): Promise<PaymentMethod[]> {
  const all = d.paymentGateway.methods();
  const chosen = (await d.settingsReader.get(tenantId)).PaymentMethods;
  if (!Array.isArray(chosen) || chosen.length === 0) return all;
  const wanted = new Set(chosen.map((c) => c.trim().toLowerCase()));
  return all.filter((m) => wanted.has(m.code));
}
