import type { PaymentGateway } from '../../../application/commerce/ports/payment-gateway.js';
import type { PaymentMethod } from '../../../domain/commerce/payment.js';

export const SANDBOX_METHODS: PaymentMethod[] = [
  { code: 'bank_transfer', name: 'Bank transfer (virtual account)', type: 'bank_transfer' },
  { code: 'ewallet', name: 'E-wallet', type: 'ewallet' },
  { code: 'card', name: 'Credit or debit card', type: 'card' },
  { code: 'qris', name: 'QRIS', type: 'qris' },
];

/** The path of our own payment page (served by the paygate routes). */
export const sandboxPagePath = (transactionId: string) => `/api/paygate/sandbox/${transactionId}`;

/**
 * The in-process gateway: a transaction is just our payment row; `redirect_url` opens our own
 * page where the payer chooses success or failure, which then sends the signed notification a
 * real gateway would (see the paygate routes and `completeSandboxPayment`).
 */
export const makeSandboxGateway = (publicUrl: string): PaymentGateway => ({
  provider: 'sandbox',
  methods: () => SANDBOX_METHODS.map((m) => ({ ...m })),
  async initiate(request) {
    return { redirectUrl: `${publicUrl}${sandboxPagePath(request.transactionId)}`, token: null };
  },
});
