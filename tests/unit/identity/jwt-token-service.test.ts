import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { JwtTokenService, TOKEN_ISSUER } from '../../../adapters/security/jwt-token-service.js';
import { testCache } from '../../support/test-cache.js';

describe('JWT token service', () => {
  const claims = { id: 'u1', username: 'ann', role: 1 as const, tid: 't1', jti: 'j1', sid: 's1' };
  const issued = new Date('2026-05-01T10:00:00Z');
  const at = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

  it('accepts a token of the expected type until its expiry, on first and repeated checks alike', () => {
    const tokens = new JwtTokenService('a-long-enough-test-secret-0123456789', testCache());
    const access = tokens.sign({ ...claims, typ: 'access' }, issued);
    for (let check = 0; check < 2; check++) {
      const outcome = tokens.verify(access, 'access', at(10));
      expect(outcome.ok && outcome.claims).to.include({ id: 'u1', typ: 'access', exp: Math.floor(issued.getTime() / 1000) + 300 });
      expect(tokens.verify(access, 'refresh', at(10))).to.deep.equal({ ok: false, reason: 'invalid' });
    }
    expect(tokens.verify(access, 'access', at(299)).ok).to.equal(true);
    expect(tokens.verify(access, 'access', at(300))).to.deep.equal({ ok: false, reason: 'expired' });
    // A fresh service (another process) agrees on the boundary.
    expect(new JwtTokenService('a-long-enough-test-secret-0123456789', testCache()).verify(access, 'access', at(300))).to.deep.equal({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a token signed with another secret, or altered, even after the genuine one was verified', () => {
    const tokens = new JwtTokenService('a-long-enough-test-secret-0123456789', testCache());
    const genuine = tokens.sign({ ...claims, typ: 'access' }, issued);
    expect(tokens.verify(genuine, 'access', at(1)).ok).to.equal(true);
    const forged = jwt.sign({ ...claims, typ: 'access', role: 99, iss: TOKEN_ISSUER }, 'another-secret-of-enough-length-012345', {
      algorithm: 'HS256',
    });
    expect(tokens.verify(forged, 'access', at(1))).to.deep.equal({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 99 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${header}.${raised}.${signature}`, 'access', at(1))).to.deep.equal({ ok: false, reason: 'invalid' });
  });

  it('hands out claims the caller may change without changing the next answer', () => {
    const tokens = new JwtTokenService('a-long-enough-test-secret-0123456789', testCache());
    const access = tokens.sign({ ...claims, typ: 'access' }, issued);
    for (let check = 0; check < 3; check++) {
      const outcome = tokens.verify(access, 'access', at(1));
      expect(outcome.ok && outcome.claims.role).to.equal(1);
      if (outcome.ok) outcome.claims.role = 99 as never;
    }
  });
});
