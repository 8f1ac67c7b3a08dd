import { createHash, timingSafeEqual } from 'node:crypto';
import type { NotificationSigner } from '../../../application/commerce/ports/payment-gateway.js';

/**
 * Midtrans' notification signature (contract §7): `sha512(order_id + status_code + gross_amount +
 * server key)`, hex. Verification compares the digests in constant time.
 */
export const sha512NotificationSigner = (serverKey: string): NotificationSigner => {
  const sign = (orderId: string, statusCode: string, grossAmount: string) =>
    createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`, 'utf8').digest('hex');
  return {
    sign,
    verify(orderId, statusCode, grossAmount, signature) {
      const expected = Buffer.from(sign(orderId, statusCode, grossAmount), 'hex');
      const wellFormed = /^[0-9a-f]{128}$/i.test(signature);
      // Always compare (a malformed signature against zeros) so timing says nothing about the input.
      const given = wellFormed ? Buffer.from(signature, 'hex') : Buffer.alloc(expected.length);
      return timingSafeEqual(expected, given) && wellFormed;
    },
  };
};
