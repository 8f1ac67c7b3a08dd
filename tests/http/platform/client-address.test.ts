import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { harness, extraApplication, type Harness } from '../../support/harness.js';

/**
 * Issue 26: behind a proxy the client address is the entry the trusted proxy wrote, never the
 * leftmost `X-Forwarded-For` entry the client writes itself, so rotating that entry escapes no
 * per-IP limit (login here; register, the critical routes and failed webhook proofs key alike).
 */
describe('HTTP client address behind a proxy (TRUST_PROXY)', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const LIMIT = 25;
  // A fresh address per test: with Redis the limiters' counters outlive the application.
  const address = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

  async function loginStatuses(env: Record<string, string>, headersOf: (i: number) => Record<string, string>): Promise<number[]> {
    const app = await extraApplication({ RATE_LIMIT_CRITICAL: String(LIMIT), ...env });
    try {
      const http = supertest(app.callback);
      const t = await h.tenant();
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        statuses.push(
          (await http.post('/api/auth/login').set(t.headers).set(headersOf(i)).send({ email: 'x@example.test', password: 'whatever1' }))
            .status,
        );
      }
      return statuses;
    } finally {
      await app.close();
    }
  }

  it('with TRUST_PROXY=true keys on the rightmost X-Forwarded-For entry: a rotating leftmost one meets 429', async () => {
    const client = address();
    const statuses = await loginStatuses({ TRUST_PROXY: 'true' }, (i) => ({ 'X-Forwarded-For': `203.0.113.${i}, ${client}` }));
    expect(statuses.slice(0, LIMIT).every((s) => s === 400)).to.equal(true);
    expect(statuses[LIMIT]).to.equal(429);
  });

  it('with TRUST_PROXY=true counts two clients behind the same proxy apart', async () => {
    const [first, second] = [address(), address()];
    const statuses = await loginStatuses({ TRUST_PROXY: 'true' }, (i) => ({
      'X-Forwarded-For': `198.51.100.1, ${i % 2 ? first : second}`,
    }));
    expect(statuses).to.not.include(429);
  });

  it('with TRUST_PROXY=2 keys on the entry the outer proxy wrote, whichever inner proxy forwarded it', async () => {
    const client = address();
    const statuses = await loginStatuses({ TRUST_PROXY: '2' }, (i) => ({ 'X-Forwarded-For': `203.0.113.${i}, ${client}, 10.0.0.${i}` }));
    expect(statuses.slice(0, LIMIT).every((s) => s === 400)).to.equal(true);
    expect(statuses[LIMIT]).to.equal(429);
  });

  it('with TRUST_PROXY=<header> keys on that header and ignores X-Forwarded-For', async () => {
    const client = address();
    const statuses = await loginStatuses({ TRUST_PROXY: 'CF-Connecting-IP' }, (i) => ({
      'CF-Connecting-IP': client,
      'X-Forwarded-For': `203.0.113.${i}`,
    }));
    expect(statuses.slice(0, LIMIT).every((s) => s === 400)).to.equal(true);
    expect(statuses[LIMIT]).to.equal(429);
  });
});
