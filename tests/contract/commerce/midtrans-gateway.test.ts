import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { makeMidtransGateway } from '../../../adapters/gateways/payment/midtrans.gateway.js';
import { FakeSnap } from '../../support/fake-snap.js';
import { PaymentGatewayFailure, type PaymentRequest } from '../../../application/commerce/ports/payment-gateway.js';

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  tenantId: 't',
  orderId: '0b4f9b8e-6a7e-4d8c-9a32-1f0e6c2d9a11',
  transactionId: 'tx-1',
  amount: toMinor(162000),
  currency: 'IDR',
  method: { code: 'ewallet', name: 'E-wallet', type: 'ewallet' },
  customer: { email: 'rina@example.test', name: 'Rina' },
  items: [
    { id: 'a-1', name: 'Algebra, Geometry', price: toMinor(90000), quantity: 2 },
    { id: 'discount', name: 'Discount SAVE10', price: toMinor(-18000), quantity: 1 },
  ],
  ...over,
});

describe('Midtrans Snap gateway against a local fake Snap server', () => {
  let snap: FakeSnap;
  beforeEach(async () => {
    snap = await new FakeSnap().start();
  });
  afterEach(() => snap.stop());

  it('POSTs {MIDTRANS_API_URL}/transactions with Basic auth of the server key and the Snap body; answers redirect_url', async () => {
    const gateway = makeMidtransGateway({ apiUrl: snap.url, serverKey: 'SB-Mid-server-abc' });
    const out = await gateway.initiate(request());
    expect(out).to.deep.equal({ redirectUrl: 'https://app.sandbox.midtrans.test/snap/v4/redirection/snap-token-1', token: 'snap-token-1' });
    expect(snap.requests).to.have.length(1);
    const r = snap.requests[0]!;
    expect(r.method).to.equal('POST');
    expect(r.url).to.equal('/snap/v1/transactions');
    expect(r.headers.authorization).to.equal(`Basic ${Buffer.from('SB-Mid-server-abc:').toString('base64')}`);
    expect(r.headers['content-type']).to.equal('application/json');
    expect(r.headers.accept).to.equal('application/json');
    expect(r.body.transaction_details).to.deep.equal({ order_id: '0b4f9b8e-6a7e-4d8c-9a32-1f0e6c2d9a11', gross_amount: 162000 });
    expect(r.body.customer_details).to.deep.equal({ first_name: 'Rina', email: 'rina@example.test' });
    expect(r.body.enabled_payments).to.deep.equal(['gopay', 'shopeepay']);
    const items = r.body.item_details as Array<{ price: number; quantity: number }>;
    // Snap refuses a request whose items do not add up to gross_amount.
    expect(items.reduce((s, i) => s + i.price * i.quantity, 0)).to.equal(162000);
  });

  it('a Snap error becomes a PaymentGatewayFailure carrying its messages and status', async () => {
    snap.answer = {
      status: 401,
      body: { error_messages: ['Access denied due to unauthorized transaction, please check client or server key'] },
    };
    const gateway = makeMidtransGateway({ apiUrl: snap.url, serverKey: 'wrong' });
    try {
      await gateway.initiate(request());
      expect.fail('should throw');
    } catch (error) {
      expect(error).to.be.instanceOf(PaymentGatewayFailure);
      expect((error as PaymentGatewayFailure).status).to.equal(401);
      expect((error as Error).message).to.contain('Access denied');
    }
    snap.answer = { status: 502, body: '<html>bad gateway</html>' };
    try {
      await gateway.initiate(request());
      expect.fail('should throw');
    } catch (error) {
      expect(error).to.be.instanceOf(PaymentGatewayFailure);
      expect((error as PaymentGatewayFailure).status).to.equal(502);
    }
  });

  it('an unreachable Snap is a PaymentGatewayFailure', async () => {
    const gateway = makeMidtransGateway({ apiUrl: 'http://127.0.0.1:1/snap/v1', serverKey: 'k', timeoutMs: 2000 });
    try {
      await gateway.initiate(request());
      expect.fail('should throw');
    } catch (error) {
      expect(error).to.be.instanceOf(PaymentGatewayFailure);
    }
  });

  it('offers bank_transfer, ewallet and card', () => {
    const gateway = makeMidtransGateway({ apiUrl: snap.url, serverKey: 'k' });
    expect(gateway.methods().map((m) => m.code)).to.include.members(['bank_transfer', 'ewallet', 'card']);
  });
});
