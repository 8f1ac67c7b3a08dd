/**
 * The `status_code` Midtrans documents with each `transaction_status` of an HTTP notification
 * (docs.midtrans.com: "HTTP(S) Notification / Webhooks", "Code 2xx" and "Transaction Status
 * Cycle"): 200 is a success (authorize, capture, settlement, cancel of a card, refund, partial
 * refund); 201 is pending, or a card authorize/capture held for fraud review (`challenge`); 202
 * is denied, failed or cancelled; 407 (or 202) is expired. A pair outside this table is not a
 * notification Midtrans sends, so it changes nothing (contract §7, issue 16).
 */
const DOCUMENTED: Readonly<Record<string, readonly string[]>> = {
  authorize: ['200', '201'],
  capture: ['200', '201'],
  settlement: ['200'],
  pending: ['201'],
  deny: ['202'],
  cancel: ['200', '202'],
  expire: ['202', '407'],
  failure: ['202'],
  refund: ['200'],
  partial_refund: ['200'],
};

export function isDocumentedStatusCode(transactionStatus: string, statusCode: string): boolean {
  return Object.hasOwn(DOCUMENTED, transactionStatus) && DOCUMENTED[transactionStatus]!.includes(statusCode);
}
