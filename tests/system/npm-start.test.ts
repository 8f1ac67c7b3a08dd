import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { alive, deploymentEnv, descendants, startNpm } from './support/processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, step: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`step "${step}" took over ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * What a process manager does (systemd, Docker, a PaaS): run `npm start` / `npm run worker` and,
 * to stop it, send SIGTERM to that one process, npm. The server below npm must drain and exit,
 * never be left running orphaned (issue 16 §10); and production must choose its payment gateway.
 */
describe('system: npm start and npm run worker under a process manager', function () {
  this.timeout(120_000);
  // Whatever a failing run leaves behind is not left running on the machine.
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('SIGTERM to the npm process drains the server: the request in flight is answered, exit 0, no process left, the port free', async () => {
    const env = await deploymentEnv({ LOG_LEVEL: 'info', NODE_ENV: 'production', PAYGATE_PROVIDER: 'sandbox' });
    const npm = await startNpm('start', env);
    const below = descendants(npm.child.pid!);
    started.push(npm.child.pid!, ...below);
    expect(below, 'the server runs below npm').to.not.be.empty;
    // The production sandbox is allowed, but said at start.
    expect(npm.output.join('')).to.contain('PAYGATE_PROVIDER=sandbox with NODE_ENV=production');

    // A login whose body is still arriving when the signal comes.
    const target = new URL(`${npm.url}/api/auth/login`);
    const body = JSON.stringify({ email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD });
    let settle: (v: { status: number | undefined; text: string }) => void = () => {};
    const answer = new Promise<{ status: number | undefined; text: string }>((resolve) => (settle = resolve));
    const inFlight = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => settle({ status: res.statusCode, text }));
        res.on('error', (e) => settle({ status: undefined, text: e.message }));
      },
    );
    inFlight.on('error', (e) => settle({ status: undefined, text: e.message }));
    inFlight.write(body.slice(0, 10));
    await sleep(500);

    npm.child.kill('SIGTERM');
    await until(() => npm.output.join('').includes('"msg":"shutting down"'), 'the server hears the signal');
    inFlight.end(body.slice(10));
    const res = await answer;
    expect(res.status, res.text).to.equal(200);
    expect(JSON.parse(res.text)).to.include({ success: true });

    expect(await npm.exited, npm.output.join('')).to.equal(0);
    await until(() => below.every((pid) => !alive(pid)), 'every process below npm is gone', 5_000);
    let refused = false;
    await fetch(`${npm.url}/health`).catch(() => (refused = true));
    expect(refused, 'nothing listens on the port any more').to.equal(true);
  });

  it('SIGTERM to the npm process of `npm run worker` stops the worker: exit 0, no process left', async () => {
    const npm = await startNpm('worker', await deploymentEnv());
    const below = descendants(npm.child.pid!);
    started.push(npm.child.pid!, ...below);
    expect(below).to.not.be.empty;
    npm.child.kill('SIGTERM');
    expect(await npm.exited, npm.output.join('')).to.equal(0);
    await until(() => below.every((pid) => !alive(pid)), 'every process below npm is gone', 5_000);
  });

  it('with NODE_ENV=production and no PAYGATE_PROVIDER, start-up stops with a one-line error', async () => {
    let output = '';
    try {
      await startNpm('start', { NODE_ENV: 'production', PAYGATE_PROVIDER: '' });
    } catch (error) {
      output = (error as Error).message;
    }
    const lines = output.split('\n').filter((l) => l.includes('PAYGATE_PROVIDER'));
    expect(lines, output).to.deep.equal([
      'Invalid environment variable PAYGATE_PROVIDER: required when NODE_ENV=production (midtrans, or sandbox on purpose)',
    ]);
  });
});
