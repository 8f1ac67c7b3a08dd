import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { trackQueuePrefix } from '../../support/queue-keys.js';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A fresh database on the server of DATABASE_URL for one deployment (its own root admin,
 * untouched by other tests); dropped by `dropDatabases()` after the run.
 */
const created: string[] = [];
export async function freshDatabase(): Promise<string> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('system tests need DATABASE_URL and REDIS_URL');
  const name = `lms_sys_${Date.now().toString(36)}_${randomUUID().slice(0, 6)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  created.push(name);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabases(): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  for (const name of created.splice(0)) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/** What several processes of one deployment share: database, Redis, queue prefix and secrets. */
export async function deploymentEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    DATABASE_URL: await freshDatabase(),
    REDIS_URL: process.env.REDIS_URL!,
    QUEUE_PREFIX: trackQueuePrefix(`sys-${randomUUID().slice(0, 8)}`),
    JWT_SECRET: randomBytes(48).toString('hex'),
    PAYGATE_SERVER_KEY: randomBytes(24).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ROOT_ADMIN_EMAIL: 'root@system.test',
    ROOT_ADMIN_PASSWORD: 'system root password',
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGINS: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL: '1000000',
    RATE_LIMIT_CRITICAL: '1000000',
    RATE_LIMIT_WEBHOOK_FAILURES: '1000000',
    ...extra,
  };
}

function spawnProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  output: string[] = [],
): { child: ChildProcess; output: string[]; exited: Promise<number | null> } {
  const child = spawn(command, args, {
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-sys-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

const spawnService = (entry: string, env: Record<string, string>, output?: string[]) =>
  spawnProcess(process.execPath, ['--import', 'tsx', entry], env, output);

async function untilHealthy(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited early:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function untilWorkerStarted(child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!output.join('').includes('worker started')) {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${output.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`worker did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An API process (`npm start` with START_WORKER=false unless given), ready when /health answers;
 * `output` collects what it prints from the start (a test can watch a start-up that waits).
 */
export async function startApi(env: Record<string, string>, output: string[] = []): Promise<ServiceProcess> {
  const port = await freePort();
  const { child, exited } = spawnService(
    'composition/http-main.ts',
    { START_WORKER: 'false', ...env, PORT: String(port), HOST: '127.0.0.1' },
    output,
  );
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, child, output);
  return { url, child, output, exited, stop: (signal = 'SIGTERM') => (child.kill(signal), exited) };
}

/** A worker process (`npm run worker`), ready when it logs that it started. */
export async function startWorker(env: Record<string, string>): Promise<ServiceProcess> {
  const { child, output, exited } = spawnService('composition/worker-main.ts', { ...env, LOG_LEVEL: 'info' });
  await untilWorkerStarted(child, output);
  return { url: '', child, output, exited, stop: (signal = 'SIGTERM') => (child.kill(signal), exited) };
}

/**
 * `npm start` or `npm run worker` exactly as a process manager runs it: `child` is the npm
 * process itself, the one a manager signals; ready as `startApi` and `startWorker` are.
 */
export async function startNpm(script: 'start' | 'worker', env: Record<string, string>): Promise<ServiceProcess> {
  if (script === 'worker') {
    const { child, output, exited } = spawnProcess('npm', ['run', 'worker'], { ...env, LOG_LEVEL: 'info' });
    await untilWorkerStarted(child, output);
    return { url: '', child, output, exited, stop: (signal = 'SIGTERM') => (child.kill(signal), exited) };
  }
  const port = await freePort();
  const { child, output, exited } = spawnProcess('npm', ['start'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, child, output);
  return { url, child, output, exited, stop: (signal = 'SIGTERM') => (child.kill(signal), exited) };
}

/** Every process below `pid` (its children, theirs…), while they are still its descendants. */
export function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='])
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let parents = [pid]; parents.length;) {
    parents = rows.filter(([, ppid]) => parents.includes(ppid)).map(([p]) => p);
    found.push(...parents);
  }
  return found;
}

/** Whether a process still exists (signal 0 only checks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A TCP proxy in front of PostgreSQL or Redis: `cut()` drops every connection and refuses new
 * ones (the server "goes away"), `restore()` lets them through again.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

export async function json(
  res: Response,
): Promise<{ status: number; body: { success: boolean; message: string; data?: unknown; error?: string } }> {
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data?: unknown } };
}

export const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Probes every 200 ms until `ok` holds or the time is up; the last probe's value either way. */
export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  return last;
}
