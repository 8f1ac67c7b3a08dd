import type { PaymentMethod } from '../../../domain/commerce/payment.js';
import type { CommerceDeps } from '../deps.js';
import { availableMethods } from '../payment-methods.js';

/** `GET /api/lms/payment-methods` (public, a plain array): the provider's methods the tenant offers. */
export const makeListPaymentMethods =
  (d: Pick<CommerceDeps, 'paymentGateway' | 'settingsReader'>) =>
  async (tenantId: string): Promise<Array<PaymentMethod & { provider: string }>> =>
    (await availableMethods(d, tenantId)).map((m) => ({ ...m, provider: d.paymentGateway.provider }));
