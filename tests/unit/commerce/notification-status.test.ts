import { expect } from 'chai';
import { isDocumentedStatusCode } from '../../../domain/commerce/notification-status.js';

describe('domain: the status codes Midtrans documents per transaction status', () => {
  it('accepts the documented pairs and nothing else', () => {
    const documented = [
      ['settlement', '200'],
      ['refund', '200'],
      ['partial_refund', '200'],
      ['capture', '200'],
      ['capture', '201'],
      ['authorize', '200'],
      ['authorize', '201'],
      ['pending', '201'],
      ['deny', '202'],
      ['failure', '202'],
      ['cancel', '200'],
      ['cancel', '202'],
      ['expire', '407'],
      ['expire', '202'],
    ];
    for (const [status, code] of documented) expect(isDocumentedStatusCode(status!, code!), `${status} ${code}`).to.equal(true);
    for (const [status, code] of [
      ['settlement', '201'],
      ['pending', '200'],
      ['deny', '407'],
      ['expire', '200'],
      ['refund', '202'],
      ['chargeback', '200'],
      ['settlement', '200.0'],
      ['constructor', '200'],
      ['__proto__', '200'],
    ]) {
      expect(isDocumentedStatusCode(status!, code!), `${status} ${code}`).to.equal(false);
    }
  });
});
