import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../infrastructure/config.js';

describe('configuration', () => {
  it('applies the contract defaults', () => {
    const c = loadConfig({}, '1.0.0');
    expect(c).to.include({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', RATE_LIMIT_GLOBAL: 60, RATE_LIMIT_CRITICAL: 20, RATE_LIMIT_UPLOAD: 10, MAILER: 'outbox', PAYGATE_PROVIDER: 'sandbox', AI_PROVIDER: 'builtin', LOG_LEVEL: 'info', TRUST_PROXY: false });
    expect(c.META_GRAPH_URL).to.equal('https://graph.facebook.com/v21.0');
    expect(c.webauthnOrigins).to.deep.equal(['http://localhost:3000']);
    expect(c).to.include({ WEBHOOK_ALLOW_PRIVATE: false, WEBHOOK_ATTEMPTS: 13, WEBHOOK_BACKOFF_MS: 20_000, WEBHOOK_TIMEOUT_MS: 10_000 });
  });

  it('stops with a one-line error naming the variable', () => {
    for (const [env, name] of [[{ PORT: 'abc' }, 'PORT'], [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'], [{ MAILER: 'carrier-pigeon' }, 'MAILER'], [{ MAILER: 'smtp' }, 'SMTP_URL'], [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'], [{ WEBHOOK_ALLOW_PRIVATE: 'sometimes' }, 'WEBHOOK_ALLOW_PRIVATE'], [{ WEBHOOK_ATTEMPTS: '0' }, 'WEBHOOK_ATTEMPTS']] as const) {
      expect(() => loadConfig(env, '1')).to.throw(ConfigError, new RegExp(`^Invalid environment variable ${name}: `));
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '1').PORT).to.equal(3000);
  });
});
