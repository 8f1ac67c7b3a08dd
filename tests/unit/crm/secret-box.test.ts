import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { AesSecretBox, hmacWebhookSignatures } from '../../../adapters/security/aes-secret-box.js';
import { constantTimeEquals } from '../../../adapters/security/crypto.js';

describe('adapters/security secret box and webhook signatures', () => {
  const box = new AesSecretBox('a-long-enough-encryption-key-for-tests');

  it('seals with AES-256-GCM: fresh IV each time, opens only with the same key and context', () => {
    const a = box.seal('{"app_secret":"s3cret"}', 'crm-integration:t1:meta');
    const b = box.seal('{"app_secret":"s3cret"}', 'crm-integration:t1:meta');
    expect(a).to.not.equal(b);
    expect(a).to.not.include('s3cret');
    expect(box.open(a, 'crm-integration:t1:meta')).to.equal('{"app_secret":"s3cret"}');
    expect(() => box.open(a, 'crm-integration:t2:meta')).to.throw();
    expect(() => new AesSecretBox('another-key-another-key').open(a, 'crm-integration:t1:meta')).to.throw();
    const [v, iv, tag, ct] = a.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'crm-integration:t1:meta')).to.throw();
  });

  it('derives stable keyed look-up hashes, separate per purpose and per key', () => {
    expect(box.lookupHash('google', 'k')).to.equal(box.lookupHash('google', 'k'));
    expect(box.lookupHash('google', 'k')).to.not.equal(box.lookupHash('meta', 'k'));
    expect(box.lookupHash('google', 'k')).to.not.equal(new AesSecretBox('another-key-another-key').lookupHash('google', 'k'));
    expect(constantTimeEquals('abc', 'abc')).to.equal(true);
    expect(constantTimeEquals('abc', 'abd')).to.equal(false);
    expect(constantTimeEquals('abc', 'abcd')).to.equal(false);
  });

  it('verifies X-Hub-Signature-256 over the raw bytes', () => {
    const raw = Buffer.from('{"object":"page"}');
    const good = `sha256=${createHmac('sha256', 'app-secret').update(raw).digest('hex')}`;
    expect(hmacWebhookSignatures.metaSignatureValid(raw, good, 'app-secret')).to.equal(true);
    expect(hmacWebhookSignatures.metaSignatureValid(raw, good.toUpperCase().replace('SHA256', 'sha256'), 'app-secret')).to.equal(true);
    expect(hmacWebhookSignatures.metaSignatureValid(raw, good, 'other')).to.equal(false);
    expect(hmacWebhookSignatures.metaSignatureValid(Buffer.from('{"object":"page"} '), good, 'app-secret')).to.equal(false);
    expect(hmacWebhookSignatures.metaSignatureValid(raw, undefined, 'app-secret')).to.equal(false);
    expect(hmacWebhookSignatures.metaSignatureValid(raw, 'sha1=abc', 'app-secret')).to.equal(false);
  });
});
