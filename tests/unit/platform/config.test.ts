import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../infrastructure/config.js';

describe('configuration', () => {
  it('applies the contract defaults', () => {
    const c = loadConfig({}, '1.0.0');
    expect(c).to.include({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      RATE_LIMIT_GLOBAL: 60,
      RATE_LIMIT_CRITICAL: 20,
      RATE_LIMIT_UPLOAD: 10,
      RATE_LIMIT_WEBHOOK_FAILURES: 10,
      MAILER: 'outbox',
      PAYGATE_PROVIDER: 'sandbox',
      AI_PROVIDER: 'builtin',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(c.META_GRAPH_URL).to.equal('https://graph.facebook.com/v21.0');
    expect(c.webauthnOrigins).to.deep.equal(['http://localhost:3000']);
    expect(c).to.include({ WEBHOOK_ALLOW_PRIVATE: false, WEBHOOK_ATTEMPTS: 13, WEBHOOK_BACKOFF_MS: 20_000, WEBHOOK_TIMEOUT_MS: 10_000 });
  });

  it('stops with a one-line error naming the variable', () => {
    for (const [env, name] of [
      [{ PORT: 'abc' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ MAILER: 'carrier-pigeon' }, 'MAILER'],
      [{ MAILER: 'smtp' }, 'SMTP_URL'],
      [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
      [{ WEBHOOK_ALLOW_PRIVATE: 'sometimes' }, 'WEBHOOK_ALLOW_PRIVATE'],
      [{ WEBHOOK_ATTEMPTS: '0' }, 'WEBHOOK_ATTEMPTS'],
    ] as const) {
      expect(() => loadConfig(env, '1')).to.throw(ConfigError, new RegExp(`^Invalid environment variable ${name}: `));
    }
  });

  it('with NODE_ENV=production, needs PAYGATE_PROVIDER chosen and warns when it is the sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, '1')).to.throw(
      ConfigError,
      /^Invalid environment variable PAYGATE_PROVIDER: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PAYGATE_PROVIDER: '' }, '1')).to.throw(ConfigError, /PAYGATE_PROVIDER/);
    expect(loadConfig({ NODE_ENV: 'production', PAYGATE_PROVIDER: 'midtrans' }, '1').warnings).to.deep.equal([]);
    const sandbox = loadConfig({ NODE_ENV: 'production', PAYGATE_PROVIDER: 'sandbox' }, '1');
    expect(sandbox.PAYGATE_PROVIDER).to.equal('sandbox');
    expect(sandbox.warnings).to.have.length(1);
    expect(sandbox.warnings[0]).to.match(/^PAYGATE_PROVIDER=sandbox with NODE_ENV=production/);
    // Whatever its case: a deployment's `Production` is production.
    for (const NODE_ENV of ['Production', 'PRODUCTION', ' production ']) {
      expect(() => loadConfig({ NODE_ENV }, '1'), NODE_ENV).to.throw(ConfigError, /PAYGATE_PROVIDER: required when NODE_ENV=production/);
      expect(loadConfig({ NODE_ENV, PAYGATE_PROVIDER: 'sandbox' }, '1').warnings, NODE_ENV).to.have.length(1);
    }
    // Outside production the sandbox stays the quiet default.
    for (const NODE_ENV of [undefined, 'development', 'test'])
      expect(loadConfig({ NODE_ENV }, '1'))
        .to.include({ PAYGATE_PROVIDER: 'sandbox' })
        .and.to.have.property('warnings')
        .that.deep.equals([]);
  });

  it('reads TRUST_PROXY as false, true, a number of proxies or a header name', () => {
    expect(loadConfig({}, '1').proxy).to.equal(null);
    expect(loadConfig({ TRUST_PROXY: 'false' }, '1').proxy).to.equal(null);
    expect(loadConfig({ TRUST_PROXY: 'true' }, '1').proxy).to.deep.equal({ hops: 1, header: 'X-Forwarded-For' });
    expect(loadConfig({ TRUST_PROXY: '3' }, '1').proxy).to.deep.equal({ hops: 3, header: 'X-Forwarded-For' });
    expect(loadConfig({ TRUST_PROXY: 'CF-Connecting-IP' }, '1').proxy).to.deep.equal({ hops: 1, header: 'CF-Connecting-IP' });
    for (const TRUST_PROXY of ['maybe', '-1', '1.5', 'X Forwarded'])
      expect(() => loadConfig({ TRUST_PROXY }, '1')).to.throw(ConfigError, /^Invalid environment variable TRUST_PROXY: /);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '1').PORT).to.equal(3000);
  });
});
