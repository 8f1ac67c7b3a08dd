import { PaymentGatewayFailure, type PaymentGateway } from '../../../application/commerce/ports/payment-gateway.js';
import type { PaymentMethod } from '../../../domain/commerce/payment.js';
import { fromMinor } from '../../../domain/shared/money.js';

/** Our method codes and the Snap `enabled_payments` each opens. */
const METHODS: Array<PaymentMethod & { snap: string[] }> = [
  {
    code: 'bank_transfer',
    name: 'Bank transfer (virtual account)',
    type: 'bank_transfer',
    snap: ['bca_va', 'bni_va', 'bri_va', 'permata_va', 'cimb_va', 'echannel', 'other_va'],
  },
  { code: 'ewallet', name: 'E-wallet (GoPay, ShopeePay)', type: 'ewallet', snap: ['gopay', 'shopeepay'] },
  { code: 'card', name: 'Credit or debit card', type: 'card', snap: ['credit_card'] },
  { code: 'qris', name: 'QRIS', type: 'qris', snap: ['other_qris'] },
  {
    code: 'convenience_store',
    name: 'Convenience store (Indomaret, Alfamart)',
    type: 'convenience_store',
    snap: ['indomaret', 'alfamart'],
  },
];

export interface MidtransOptions {
  /** Snap API base, e.g. `https://app.sandbox.midtrans.com/snap/v1` (`MIDTRANS_API_URL`). */
  apiUrl: string;
  serverKey: string;
  /** Where Snap sends the payer back after paying. */
  finishUrl?: string | undefined;
  timeoutMs?: number;
}

/**
 * Midtrans Snap: `POST {MIDTRANS_API_URL}/transactions` with HTTP Basic auth of the server key
 * (user = key, empty password), answering `{token, redirect_url}`. Snap takes the `order_id`
 * as the transaction's id: its notifications name our order, as contract §7 wants. Amounts go as
 * JSON numbers whose text is the exact decimal (`fromMinor`); they are already whole rupiah for
 * IDR (priced to the currency), as Snap requires.
 */
export const makeMidtransGateway = (o: MidtransOptions): PaymentGateway => ({
  provider: 'midtrans',
  methods: () => METHODS.map(({ code, name, type }) => ({ code, name, type })),
  async initiate(request) {
    const method = METHODS.find((m) => m.code === request.method.code);
    const body = {
      transaction_details: { order_id: request.orderId, gross_amount: fromMinor(request.amount) },
      item_details: request.items.map((i) => ({ id: i.id, name: i.name, price: fromMinor(i.price), quantity: i.quantity })),
      customer_details: { first_name: request.customer.name.slice(0, 255), email: request.customer.email },
      ...(method ? { enabled_payments: method.snap } : {}),
      ...(o.finishUrl ? { callbacks: { finish: o.finishUrl } } : {}),
    };
    let res: Response;
    try {
      res = await fetch(`${o.apiUrl.replace(/\/$/, '')}/transactions`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Basic ${Buffer.from(`${o.serverKey}:`).toString('base64')}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentGatewayFailure(`midtrans unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await res.text();
    let json: { token?: unknown; redirect_url?: unknown; error_messages?: unknown } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // Not JSON (a proxy's error page): reported below by status.
    }
    if (!res.ok || typeof json.redirect_url !== 'string') {
      const messages = Array.isArray(json.error_messages) ? json.error_messages.map(String).join('; ') : text.slice(0, 200);
      throw new PaymentGatewayFailure(`midtrans answered ${res.status}: ${messages}`, res.status);
    }
    return { redirectUrl: json.redirect_url, token: typeof json.token === 'string' ? json.token : null };
  },
});
