import { expect } from 'chai';
import { GuardedWebhookTransport, isPrivateAddress } from '../../../adapters/gateways/webhooks/guarded-webhook-transport.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

describe('webhook transport: SSRF guard and address pinning', function () {
  this.timeout(20_000);
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterEach(async () => {
    await receiver.stop();
  });

  it('classifies private, loopback, link-local and IPv4-in-IPv6 addresses', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(a), a).to.equal(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).to.equal(false);
  });

  it('refuses every IPv6 form of private and loopback space (issue 26): anything ipaddr.js does not call unicast, and ::/96', () => {
    for (const a of [
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::8.8.8.8',
      'fec0::1',
      'fec0::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::a00:1',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '::ffff:0:0',
      '::ffff:0:7f00:1',
      '::ffff:a9fe:a9fe',
      '2002:808:808::1',
      '2001:db8::1',
      '100::1',
      '3fff::1',
      '5f00::1',
      '198.18.0.1',
      '192.0.0.8',
      '255.255.255.255',
      'fe80::1%eth0',
    ]) {
      expect(isPrivateAddress(a), a).to.equal(true);
    }
    for (const a of ['2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '1.1.1.1']) expect(isPrivateAddress(a), a).to.equal(false);
  });

  it('refuses at registration: loopback, 10.x, link-local, ::1, a name resolving to loopback, a name with one private address among public ones', async () => {
    const resolve = async (host: string) =>
      (
        ({
          'loop.example.test': [{ address: '127.0.0.1', family: 4 }],
          'mixed.example.test': [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ],
          'public.example.test': [{ address: '93.184.216.34', family: 4 }],
        }) as Record<string, Array<{ address: string; family: number }>>
      )[host] ?? [];
    const guard = new GuardedWebhookTransport({ allowPrivate: false, timeoutMs: 1000, resolve });
    for (const url of [
      'http://127.0.0.1/x',
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest',
      'http://[::1]:8080/x',
      'https://loop.example.test/x',
      'https://mixed.example.test/x',
    ]) {
      expect(await guard.check(url), url).to.deep.include({ ok: false, reason: 'PRIVATE_ADDRESS' });
    }
    expect(await guard.check('https://nowhere.example.test/x')).to.deep.include({ ok: false, reason: 'UNRESOLVABLE' });
    expect(await guard.check('file:///etc/passwd')).to.deep.include({ ok: false, reason: 'INVALID_URL' });
    expect(await guard.check('https://public.example.test/x')).to.deep.equal({ ok: true });
    // The real resolver: localhost is loopback.
    expect(await new GuardedWebhookTransport({ allowPrivate: false, timeoutMs: 1000 }).check('http://localhost:9/x')).to.deep.include({
      ok: false,
      reason: 'PRIVATE_ADDRESS',
    });
  });

  it('checks again at delivery: a target that became private is not contacted', async () => {
    const guard = new GuardedWebhookTransport({ allowPrivate: false, timeoutMs: 1000 });
    const res = await guard.post(receiver.url, { 'webhook-id': 'm' }, '{}');
    expect(res.statusCode).to.equal(null);
    expect(res.error).to.match(/^target refused/);
    const rebinding = new GuardedWebhookTransport({
      allowPrivate: false,
      timeoutMs: 1000,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect((await rebinding.post(receiver.url.replace('127.0.0.1', 'hooks.example.test'), {}, '{}')).error).to.match(/^target refused/);
    await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received).to.have.length(0);
  });

  it('connects to the address it checked (pinned), keeps the Host header, and bounds a slow endpoint by the timeout', async () => {
    const resolved: string[] = [];
    const guard = new GuardedWebhookTransport({
      allowPrivate: true,
      timeoutMs: 500,
      resolve: async (host) => {
        resolved.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const url = receiver.url.replace('127.0.0.1', 'hooks.example.test');
    const res = await guard.post(url, { 'webhook-id': 'msg_1', 'content-type': 'application/json' }, '{"a":1}');
    expect(res).to.deep.equal({ statusCode: 200, error: null });
    expect(resolved).to.deep.equal(['hooks.example.test']);
    expect(receiver.received[0]!.headers.host).to.equal(new URL(url).host);
    expect(receiver.received[0]!.body).to.equal('{"a":1}');

    receiver.delayMs = 2000;
    const started = Date.now();
    const slow = await guard.post(url, {}, '{}');
    expect(slow).to.deep.equal({ statusCode: null, error: 'timeout after 500 ms' });
    expect(Date.now() - started).to.be.below(1500);
    const refusedPort = await guard.post('http://127.0.0.1:9/x', {}, '{}');
    expect(refusedPort.statusCode).to.equal(null);
    expect(refusedPort.error).to.be.a('string');
  });
});
