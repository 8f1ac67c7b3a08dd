import { expect } from 'chai';
import { originCheck } from '../../../adapters/http/kit/origins.js';
import { loadConfig } from '../../../infrastructure/config.js';

describe('CORS origins', () => {
  it('allows exact origins, any with *, and any port of a host with host:*', () => {
    const allowed = originCheck(['https://app.example.test', 'http://localhost:*']);
    for (const o of ['https://app.example.test', 'http://localhost', 'http://localhost:5173', 'http://localhost:3000'])
      expect(allowed(o), o).to.equal(true);
    for (const o of [
      'https://app.example.test:8443',
      'http://localhost.evil.test',
      'http://localhost:5173.evil.test',
      'https://localhost:5173',
      'http://127.0.0.1:5173',
      'http://localhost:',
      '',
    ])
      expect(allowed(o), o).to.equal(false);
    expect(originCheck(['*'])('https://anything.test')).to.equal(true);
    expect(originCheck([])('http://localhost:5173')).to.equal(false);
  });

  it('defaults CORS_ORIGINS to any localhost port outside production, to none in production', () => {
    expect(loadConfig({}, '1').CORS_ORIGINS).to.deep.equal(['http://localhost:*']);
    expect(loadConfig({ NODE_ENV: 'production', PAYGATE_PROVIDER: 'midtrans' }, '1').CORS_ORIGINS).to.deep.equal([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.test' }, '1').CORS_ORIGINS).to.deep.equal(['https://app.example.test']);
  });
});
