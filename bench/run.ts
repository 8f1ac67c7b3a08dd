/**
 * `npm run bench`: requests per second and p50/p99 latency of the main endpoints, each beside a
 * baseline measured in the same run (bench/server.ts explains the baseline), and the ratio.
 *
 *   npm run bench [-- --duration 10 --rounds 2 --connections 50 --only courses,login --profile /tmp/prof]
 *
 * Embedded defaults (PGlite) unless DATABASE_URL is set. The load generator runs in this process,
 * the servers in a child process, so each has a core of its own on a 2-core machine.
 * Results: printed as a table and written to bench/results.json.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const duration = Number(arg('--duration') ?? process.env.BENCH_DURATION ?? 10);
const connections = Number(arg('--connections') ?? 50);
/** Each side's time is cut into this many turns, alternating ours and the baseline. */
const rounds = Number(arg('--rounds') ?? 2);
// Turns shorter than a few seconds undercount slow endpoints (requests in flight at a turn's end are lost).
const slice = Math.max(1, Math.round(duration / rounds));
const only = arg('--only')?.split(',');
/** Writes a V8 CPU profile of the server process (ours and the baseline) into this directory. */
const profileDir = arg('--profile');

interface Described {
  name: string;
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  varyBody: string | null;
  queries: number;
}

function load(url: string, e: Described, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const base = e.body ? (JSON.parse(e.body) as Record<string, unknown>) : null;
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [{
          method: e.method as autocannon.Request['method'],
          path: e.path,
          headers: e.headers,
          ...(e.body ? { body: e.body } : {}),
          ...(e.varyBody && base ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify({ ...base, [e.varyBody!]: randomUUID() }) }) } : {}),
        }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Ours and the baseline share the server process and, embedded, the one database session: when a
 * turn ends, up to `connections` requests are still being served. Waiting until both servers have
 * answered them all keeps one side's tail out of the other's turn.
 */
async function settle(base: string): Promise<void> {
  await fetch(`${base}/bench/settled`);
}

async function main() {
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), '--import', 'tsx', 'bench/server.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ ours: string; base: string; engine: string; endpoints: Described[] }>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { ready?: boolean };
        if (msg.ready) resolve(msg as never);
      } catch {
        /* other output */
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

  const results = [];
  for (const e of ready.endpoints.filter((x) => !only || only.includes(x.name))) {
    // Each turn first runs a second unmeasured: switching sides is an artefact of the method (new
    // connections, the other side's garbage still to collect) that steady traffic never sees.
    const turn = async (url: string, path: string, seconds: number) => {
      await load(url, { ...e, path }, 1);
      const result = await load(url, { ...e, path }, seconds);
      await settle(ready.base);
      return result;
    };
    await turn(ready.ours, e.path, 2); // warm-up: JIT, caches, connection pools
    await turn(ready.base, `/baseline/${e.name}`, 2);
    // Ours and the baseline take turns, so that a slower or faster stretch of a shared machine
    // weighs on both sides of the ratio alike.
    const ours: autocannon.Result[] = [];
    const base: autocannon.Result[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await turn(ready.ours, e.path, slice));
      base.push(await turn(ready.base, `/baseline/${e.name}`, slice));
    }
    const rps = (runs: autocannon.Result[]) => runs.reduce((sum, r) => sum + r.requests.total, 0) / (runs.length * slice);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const bad = ours.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (bad > 0) console.error(`${e.label}: ${bad} non-2xx answers, errors or timeouts`);
    const [oursRps, baseRps] = [rps(ours), rps(base)];
    results.push({
      endpoint: e.label,
      rps: Math.round(oursRps),
      // The median round's p50; the worst round's p99 (the conservative reading).
      p50_ms: median(ours.map((r) => r.latency.p50)),
      p99_ms: Math.max(...ours.map((r) => r.latency.p99)),
      baseline_rps: Math.round(baseRps),
      baseline_p99_ms: Math.max(...base.map((r) => r.latency.p99)),
      ratio: Math.round((oursRps / baseRps) * 100) / 100,
      queries: e.queries,
      failed: bad,
    });
  }
  child.kill('SIGTERM');

  const meta = { engine: ready.engine, connections, duration_s: slice * rounds, rounds, node: process.version, when: new Date().toISOString() };
  console.log(`\nengine ${meta.engine}, ${connections} connections, ${meta.duration_s} s per side in ${rounds} alternating turns\n`);
  console.log('| endpoint | rps | p50 ms | p99 ms | baseline rps | ratio | queries |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.endpoint} | ${r.rps} | ${r.p50_ms} | ${r.p99_ms} | ${r.baseline_rps} | ${r.ratio} | ${r.queries} |`);
  writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results.map(({ endpoint, rps, p50_ms, p99_ms, baseline_rps, ratio }) => ({ endpoint, rps, p50_ms, p99_ms, baseline_rps, ratio })), null, 2)}\n`);
  writeFileSync(new URL('./results.detail.json', import.meta.url), `${JSON.stringify({ meta, results }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
