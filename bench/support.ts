import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';

/** `--name value` of the command line. */
export const arg = (name: string): string | undefined => {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

export const flag = (name: string): boolean => process.argv.slice(2).includes(name);

/** The big-data benchmarks measure PostgreSQL, the production engine. */
export function requirePostgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (a PostgreSQL server)');
    process.exit(1);
  }
  return url;
}

const buildDir = new URL('../.tmp/bench-build/', import.meta.url);
let built = false;

/**
 * The node arguments that run a bench script (`bench/server.ts`…) as production runs the service:
 * compiled by tsc (into .tmp/bench-build, once per run) with source maps, not through tsx, whose
 * transform adds a `__name` call to every function it creates (scripts/launch.mjs, `npm run build`).
 */
export function compiledScript(script: string): string[] {
  if (!built) {
    console.error('compiling the service and the bench (tsc, bench/tsconfig.build.json) …');
    // From scratch, as `npm run build` does: a source removed since (a migration above all) must not linger.
    rmSync(buildDir, { recursive: true, force: true });
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', new URL('./tsconfig.build.json', import.meta.url).pathname], { stdio: 'inherit' });
    // Its own package root, as dist/ is: ESM, and the version infrastructure/version.ts reads.
    const { name, version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, string>;
    writeFileSync(new URL('package.json', buildDir), JSON.stringify({ name, version, type: 'module', private: true }));
    built = true;
  }
  return ['--enable-source-maps', new URL(script.replace(/\.ts$/, '.js'), buildDir).pathname];
}

/**
 * Deletes every key under a bench run's prefix (its queues' jobs, its rate limiters) from the
 * shared Redis, so that a run leaves it as it found it. Without REDIS_URL there is nothing to sweep.
 */
export async function sweepRedisPrefix(prefix: string, redis?: Redis): Promise<void> {
  const url = process.env.REDIS_URL;
  if (!redis && !url) return;
  const client = redis ?? new Redis(url!, { lazyConnect: true });
  try {
    for await (const keys of client.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>)
      if (keys.length > 0) await client.unlink(...keys);
  } finally {
    if (!redis) client.disconnect();
  }
}

/** The median: the middle value, or the mean of the middle two of an even count. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return Number.isInteger(half) ? (sorted[half - 1]! + sorted[half]!) / 2 : sorted[Math.floor(half)]!;
}

/** Runs `run` once to warm up, then `rounds` times, and prints the median, min and max. */
export async function time<T>(label: string, run: () => Promise<T>, rounds = 7): Promise<T> {
  await run();
  const ms: number[] = [];
  let result!: T;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    result = await run();
    ms.push(performance.now() - t0);
  }
  console.log(
    `${label}: median ${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}, ${rounds} runs)`,
  );
  return result;
}

/** A request of the bench's server (its ready line): `varyBody` names a body field made unique per request. */
export interface BenchRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  varyBody: string | null;
}

/** Drives `request` at the server `url` from `connections` connections, for `duration` seconds or `amount` requests. */
export function load(
  url: string,
  request: BenchRequest,
  options: { connections: number; duration?: number; amount?: number; timeout?: number },
): Promise<autocannon.Result> {
  const base = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : null;
  const vary = request.varyBody;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        ...options,
        requests: [
          {
            method: request.method as autocannon.Request['method'],
            path: request.path,
            headers: request.headers,
            ...(request.body ? { body: request.body } : {}),
            ...(vary && base
              ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify({ ...base, [vary]: randomUUID() }) }) }
              : {}),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
