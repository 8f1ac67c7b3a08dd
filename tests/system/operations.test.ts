import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { deploymentEnv, freePort, startApi, startWorker, TcpProxy, until } from './support/processes.js';

const viaProxy = (url: string, proxyPort: number) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxyPort);
  return u.toString();
};

interface Readiness {
  status: number;
  body: { status: string; checks: Record<string, string>; failed: string[] };
}

const readiness = async (url: string): Promise<Readiness> => {
  const res = await fetch(`${url}/health/ready`);
  return { status: res.status, body: (await res.json()) as Readiness['body'] };
};

describe('system: operations', function () {
  this.timeout(180_000);

  // The machine's shared PostgreSQL and Redis are never stopped: this process reaches them
  // through its own proxies, and cutting a proxy is, for it, the server going away.
  it('/health/ready answers 503 naming the database, then Redis, while each is away, and 200 once it is back; /health/live answers throughout', async () => {
    const env = await deploymentEnv();
    const pgTarget = new URL(env.DATABASE_URL!);
    const redisTarget = new URL(env.REDIS_URL!);
    const pgProxy = new TcpProxy(pgTarget.hostname, Number(pgTarget.port || 5432));
    const redisProxy = new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const api = await startApi({
      ...env,
      DATABASE_URL: viaProxy(env.DATABASE_URL!, await pgProxy.start()),
      REDIS_URL: viaProxy(env.REDIS_URL!, await redisProxy.start()),
    });
    try {
      expect(await readiness(api.url)).to.deep.equal({
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', redis: 'ok', migrations: 'ok', serving: 'ok' }, failed: [] },
      });

      await pgProxy.cut();
      const noDatabase = await readiness(api.url);
      expect(noDatabase.status).to.equal(503);
      expect(noDatabase.body.failed).to.include('database').and.not.include('redis');
      expect((await fetch(`${api.url}/health/live`)).status).to.equal(200);
      await pgProxy.restore();
      expect(
        (
          await until(
            () => readiness(api.url),
            (r) => r.status === 200,
          )
        ).body.failed,
      ).to.deep.equal([]);

      await redisProxy.cut();
      const noRedis = await readiness(api.url);
      expect(noRedis.status).to.equal(503);
      expect(noRedis.body.failed).to.deep.equal(['redis']);
      expect((await fetch(`${api.url}/health/live`)).status).to.equal(200);
      await redisProxy.restore();
      expect(
        (
          await until(
            () => readiness(api.url),
            (r) => r.status === 200,
          )
        ).body.failed,
      ).to.deep.equal([]);
    } finally {
      await api.stop();
      await pgProxy.close();
      await redisProxy.close();
    }
  });
});

/** A JSON-array instruction of the Dockerfile (`CMD [...]`, `HEALTHCHECK … CMD [...]`). */
function dockerfileCommand(instruction: 'CMD' | 'HEALTHCHECK'): string[] {
  const line = readFileSync('Dockerfile', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${instruction} `));
  expect(line, `the Dockerfile has a ${instruction}`).to.be.a('string');
  return JSON.parse(line!.slice(line!.indexOf('['))) as string[];
}

/**
 * What the image's run stage holds (Dockerfile): package.json, dist/, the launcher and the
 * healthcheck, and production dependencies only: no TypeScript sources, no tsx.
 */
function imageLikeDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lms-image-'));
  cpSync('package.json', join(dir, 'package.json'), { preserveTimestamps: true });
  cpSync('dist', join(dir, 'dist'), { recursive: true, preserveTimestamps: true });
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['launch.mjs', 'healthcheck.mjs']) copyFileSync(join('scripts', file), join(dir, 'scripts', file));
  const modules = realpathSync('node_modules');
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(modules))
    if (name !== 'tsx' && !name.startsWith('.')) symlinkSync(join(modules, name), join(dir, 'node_modules', name));
  return dir;
}

describe('system: metrics of a worker', function () {
  this.timeout(180_000);

  it('a worker with METRICS_PORT serves its metrics there: the queue gauges and the runs of its jobs', async () => {
    const env = await deploymentEnv();
    const port = await freePort();
    const worker = await startWorker({ ...env, METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).to.equal(200);
      const text = await res.text();
      expect(text).to.match(/^jobs\{queue="jobs",state="waiting"\} \d+$/m);
      expect(text).to.contain('process_cpu_user_seconds_total');
      expect(text).to.contain('# TYPE job_duration_seconds histogram');
    } finally {
      await worker.stop();
    }
  });
});

describe('system: the compiled build and the deployment files', function () {
  this.timeout(180_000);

  it('the Dockerfile runs `npm start` and checks health with `npm run healthcheck`, on node:22-slim as a non-root user', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(['exec', ...dockerfileCommand('CMD')].join(' ')).to.equal(scripts.start);
    expect(dockerfileCommand('HEALTHCHECK').join(' ')).to.equal(scripts.healthcheck);
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).to.match(/^FROM node:22-slim AS build$/m);
    expect(
      dockerfile
        .split('\n')
        .filter((l) => l.startsWith('FROM '))
        .at(-1),
    ).to.equal('FROM node:22-slim');
    expect(dockerfile).to.match(/^USER node$/m);
  });

  it('compose.yaml runs PostgreSQL, Redis, a migrate job, two API processes and a worker, each on a command the build has', () => {
    const compose = parseYaml(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
      services: Record<
        string,
        { command?: string[]; depends_on?: Record<string, { condition: string }>; environment?: Record<string, string> }
      >;
    };
    const services = compose.services;
    expect(Object.keys(services)).to.have.members(['postgres', 'redis', 'migrate', 'api-1', 'api-2', 'worker']);
    const launched = (name: string) => services[name]!.command ?? dockerfileCommand('CMD');
    expect(launched('migrate')).to.deep.equal(['node', 'scripts/launch.mjs', 'scripts/migrate']);
    expect(launched('worker')).to.deep.equal(['node', 'scripts/launch.mjs', 'composition/worker-main']);
    expect(launched('api-1')).to.deep.equal(['node', 'scripts/launch.mjs', 'composition/http-main']);
    for (const name of ['migrate', 'worker', 'api-1', 'api-2']) {
      expect(readdirSync(join('dist', launched(name)[2]!, '..'))).to.include(`${launched(name)[2]!.split('/').at(-1)}.js`);
      expect(services[name]!.environment).to.include({ NODE_ENV: 'production', REDIS_URL: 'redis://redis:6379' });
    }
    for (const name of ['api-1', 'api-2', 'worker'])
      expect(services[name]!.depends_on?.migrate).to.deep.equal({ condition: 'service_completed_successfully' });
    expect(services['api-1']!.environment!.START_WORKER).to.equal('false');
  });

  it('NODE_ENV=production npm start serves from dist/ exactly as the image does: no tsx loader, the healthcheck passes', async () => {
    const dir = imageLikeDirectory();
    const env = await deploymentEnv({ NODE_ENV: 'production', PAYGATE_PROVIDER: 'sandbox', LOG_LEVEL: 'info' });
    const port = await freePort();
    const [command, ...args] = dockerfileCommand('CMD');
    const output: string[] = [];
    const child = spawn(command === 'node' ? process.execPath : command!, args, {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-image-data-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.join('').includes('"msg":"listening"')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the compiled build did not start:\n${output.join('')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output.join('')).to.contain('"runningFrom":"dist"');
      // No loader flag on the command line, and none could be loaded: tsx is not installed here.
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(cmdline.slice(1)).to.deep.equal(args);
      expect(readdirSync(join(dir, 'node_modules'))).to.not.include('tsx');
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).to.equal(200);

      const [check, ...checkArgs] = dockerfileCommand('HEALTHCHECK');
      const healthy = spawnSync(check === 'node' ? process.execPath : check!, checkArgs, {
        cwd: dir,
        env: { ...process.env, PORT: String(port) },
      });
      expect(healthy.status, healthy.stderr.toString()).to.equal(0);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    }
    const unhealthy = spawnSync(process.execPath, ['scripts/healthcheck.mjs'], { env: { ...process.env, PORT: String(port) } });
    expect(unhealthy.status, 'the healthcheck fails once nothing answers').to.equal(1);
  });

  it('NODE_ENV=production refuses a build older than its sources instead of running them through tsx', () => {
    const dir = imageLikeDirectory();
    try {
      mkdirSync(join(dir, 'composition'));
      const source = join(dir, 'composition', 'http-main.ts');
      writeFileSync(source, '');
      const later = new Date(Date.now() + 60_000);
      utimesSync(source, later, later);
      const run = spawnSync(process.execPath, ['scripts/launch.mjs', 'composition/http-main'], {
        cwd: dir,
        env: { ...process.env, NODE_ENV: 'production' },
      });
      expect(run.status).to.equal(1);
      expect(run.stderr.toString().trim()).to.equal(
        'Cannot start with NODE_ENV=production: composition/ changed after the last build: run `npm run build`',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
