import type { Minor } from '../../../domain/shared/money.js';
import type { PaymentMethod, PaymentProvider } from '../../../domain/commerce/payment.js';

export interface PaymentRequest {
  tenantId: string;
  orderId: string;
  /** Our transaction id (a uuid), chosen before the call. */
  transactionId: string;
  amount: Minor;
  currency: string;
  method: PaymentMethod;
  customer: { email: string; name: string };
  items: Array<{ id: string; name: string; price: Minor; quantity: number }>;
}

export type GatewayError = 'PAYMENT_GATEWAY_ERROR';

/**
 * A payment gateway (issue 7): `sandbox` (our own page) or `midtrans` (Snap). Notifications of
 * both arrive in the Midtrans HTTP notification format at `POST /api/paygate/webhook`.
 */
export interface PaymentGateway {
  readonly provider: Exclude<PaymentProvider, 'manual'>;
  /** Every method the provider can offer; tenant settings may narrow them. */
  methods(): PaymentMethod[];
  /** Opens a transaction; the payer continues at `redirectUrl`. Throws `PaymentGatewayFailure` when the gateway refuses or fails. */
  initiate(request: PaymentRequest): Promise<{ redirectUrl: string; token: string | null }>;
}

export class PaymentGatewayFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** `signature_key = sha512(order_id + status_code + gross_amount + server key)`, hex (contract §7). */
export interface NotificationSigner {
  sign(orderId: string, statusCode: string, grossAmount: string): string;
  /** Constant-time comparison with the expected signature. */
  verify(orderId: string, statusCode: string, grossAmount: string, signature: string): boolean;
}
