/**
 * `npm run bench`: requests per second and p50/p99 latency of the main endpoints, each beside a
 * baseline measured in the same run (bench/server.ts explains the baseline), and the ratio; then
 * each read at a fixed rate (open loop), on ours and on the baseline. Beside the replay baseline, the
 * plain baseline (bench/plain.ts: the endpoints written by hand, issue 32) takes turns too, and its
 * ratio ours/plain is the target.
 *
 *   npm run bench [-- --duration 20 --rounds 4 --connections 50 --rate 200 --open 10 --only courses,login --engine postgresql --profile /tmp/prof]
 *   npm run bench -- --scale-only [--scale-factor 20]     the scale section alone
 *   npm run bench -- --no-scale                           everything but the scale section
 *   npm run bench -- --quiz-start-only [--starts 40]      the quiz-start section alone
 *   npm run bench -- --no-quiz-start                      everything but the quiz-start section
 *
 * With DATABASE_URL: PostgreSQL first, then the embedded PGlite; without it, PGlite alone. The
 * load generator runs in this process, the servers in a child process, so each has a core of its
 * own on a 2-core machine. Results: printed as tables, written to bench/results.json.
 * Then the scale section (bench/scale.ts, in a child process too): a tenant seeded at scale 20 and
 * the median of 5 warm requests per listed endpoint, written to bench/results.scale.json.
 * Then the quiz-start section (bench/quiz-start.ts in a child process, per engine): a quiz of 1 fixed
 * question and 3 random slots of 10 from a 500-question category against a quiz of 31 fixed ones,
 * the median start of each and their ratio (issue 33: ≤ 1.2), written to bench/results.quiz-start.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type autocannon from 'autocannon';
import { openLoop, type OpenLoopResult } from './open-loop.js';
import { layerTables } from './profile-layers.js';
import { compiledScript, load, median, type BenchRequest } from './support.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const duration = Number(arg('--duration') ?? process.env.BENCH_DURATION ?? 20);
const connections = Number(arg('--connections') ?? 50);
/** Each side's time is cut into this many turns, alternating ours and the baseline. */
const rounds = Number(arg('--rounds') ?? 4);
// Turns shorter than a few seconds undercount slow endpoints (requests in flight at a turn's end are lost).
const slice = Math.max(1, Math.round(duration / rounds));
/** The open loop's fixed rate (requests/s) and length (s) per side, for each read. */
const rate = Number(arg('--rate') ?? 200);
const openSeconds = Number(arg('--open') ?? 10);
const only = arg('--only')?.split(',');
/**
 * Writes a V8 CPU profile of each measured turn of ours and of the plain baseline into this directory
 * (`<engine>-<endpoint>-<side>-<round>.cpuprofile`, with its request count beside it), then prints
 * their CPU per request by layer (bench/profile-layers.ts).
 */
const profileDir = arg('--profile');
const scaleOnly = args.includes('--scale-only');
const scaleFactor = arg('--scale-factor');
const quizStartOnly = args.includes('--quiz-start-only');

type Engine = 'postgresql' | 'pglite';

interface Described extends BenchRequest {
  name: string;
  label: string;
  queries: number;
  /** Whether the plain baseline serves it (not login). */
  plain: boolean;
}

interface Row {
  endpoint: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  baseline_rps: number;
  baseline_p99_ms: number;
  ratio: number;
  /** The plain baseline (null where it does not serve the endpoint). */
  plain_rps: number | null;
  plain_p99_ms: number | null;
  /** Ours over plain over all rounds (requests served in all turns of each side). */
  plain_ratio_overall: number | null;
  /**
   * Ours over plain in each round (each side's turn of that round), in order: a slow stretch of the
   * host that hits one side's turn alone shows as one low or high round, where the overall ratio
   * averages it in.
   */
  plain_ratio_rounds: number[] | null;
  /** The median of the rounds' ratios (the mean of the middle two of an even count): the target's reading, as issue 32 measured it. */
  plain_ratio: number | null;
  queries: number;
  /** The server process's CPU time per request (µs, all threads) and statements per request, measured over the turns. */
  cpu_us: number;
  statements: number;
  plain_cpu_us: number | null;
  plain_statements: number | null;
  failed: number;
  open?: { rate: number; ours: OpenLoopResult; baseline: OpenLoopResult };
}

/**
 * Ours and the baseline share the server process and, embedded, the one database session: when a
 * turn ends, requests may still be being served. Waiting until both servers have answered them all
 * keeps one side's tail out of the other's turn.
 */
async function settle(base: string): Promise<void> {
  await fetch(`${base}/bench/settled`);
}

async function benchEngine(engine: Engine): Promise<{ meta: Record<string, unknown>; results: Row[] }> {
  const env = { ...process.env };
  if (engine === 'pglite') delete env.DATABASE_URL;
  const child = spawn(process.execPath, compiledScript('bench/server.ts'), { stdio: ['ignore', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ ours: string; base: string; plain: string; engine: string; endpoints: Described[] }>(
    (resolve, reject) => {
      lines.on('line', (line) => {
        try {
          const msg = JSON.parse(line) as { ready?: boolean };
          if (msg.ready) resolve(msg as never);
        } catch {
          /* other output */
        }
      });
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    },
  );

  const results: Row[] = [];
  const counters = async () =>
    (await (await fetch(`${ready.base}/bench/counters`)).json()) as { cpu_us: number; ours_statements: number; plain_statements: number };
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  for (const e of ready.endpoints.filter((x) => !only || only.includes(x.name))) {
    /** Per side: requests, CPU µs and statements over its measured turns. */
    const spent = { ours: { n: 0, cpu: 0, statements: 0 }, plain: { n: 0, cpu: 0, statements: 0 } };
    // Each turn first runs a second unmeasured: switching sides is an artefact of the method (new
    // connections, the other side's garbage still to collect) that steady traffic never sees.
    const turn = async (url: string, path: string, seconds: number, measured?: { side: 'ours' | 'plain'; round: number }) => {
      await load(url, { ...e, path }, { connections, duration: 1 });
      const file = measured && profileDir ? join(profileDir, `${engine}-${e.name}-${measured.side}-${measured.round}`) : null;
      if (file) await fetch(`${ready.base}/bench/profile/start`, { method: 'POST' });
      const before = await counters();
      const result = await load(url, { ...e, path }, { connections, duration: seconds });
      await settle(ready.base);
      const after = await counters();
      if (file) await fetch(`${ready.base}/bench/profile/stop?file=${encodeURIComponent(`${file}.cpuprofile`)}`, { method: 'POST' });
      if (measured) {
        const s = spent[measured.side];
        s.n += result.requests.total;
        s.cpu += after.cpu_us - before.cpu_us;
        s.statements +=
          measured.side === 'ours' ? after.ours_statements - before.ours_statements : after.plain_statements - before.plain_statements;
        if (file) writeFileSync(`${file}.json`, JSON.stringify({ requests: result.requests.total, cpu_us: after.cpu_us - before.cpu_us }));
      }
      return result;
    };
    await turn(ready.ours, e.path, 2); // warm-up: JIT, connection pools
    await turn(ready.base, `/baseline/${e.name}`, 2);
    if (e.plain) await turn(ready.plain, e.path, 2);
    // Ours and the baselines take turns, so that a slower or faster stretch of a shared machine
    // weighs on every side of the ratios alike.
    const ours: autocannon.Result[] = [];
    const base: autocannon.Result[] = [];
    const plain: autocannon.Result[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await turn(ready.ours, e.path, slice, { side: 'ours', round }));
      base.push(await turn(ready.base, `/baseline/${e.name}`, slice));
      if (e.plain) plain.push(await turn(ready.plain, e.path, slice, { side: 'plain', round }));
    }
    const perRequest = (x: number, n: number) => (n ? Math.round((x / n) * 100) / 100 : 0);
    const rps = (runs: autocannon.Result[]) => runs.reduce((sum, r) => sum + r.requests.total, 0) / (runs.length * slice);
    const roundRatios = e.plain ? ours.map((r, i) => r.requests.total / plain[i]!.requests.total) : null;
    const hundredths = (x: number) => Math.round(x * 100) / 100;
    const bad = ours.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (bad > 0) console.error(`${engine} ${e.label}: ${bad} non-2xx answers, errors or timeouts`);
    const plainBad = plain.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (plainBad > 0) console.error(`${engine} ${e.label}: ${plainBad} non-2xx answers, errors or timeouts from the plain baseline`);
    const [oursRps, baseRps, plainRps] = [rps(ours), rps(base), e.plain ? rps(plain) : null];
    const row: Row = {
      endpoint: e.label,
      rps: Math.round(oursRps),
      // The rounds' median p50; the worst round's p99 (the conservative reading).
      p50_ms: median(ours.map((r) => r.latency.p50)),
      p99_ms: Math.max(...ours.map((r) => r.latency.p99)),
      baseline_rps: Math.round(baseRps),
      baseline_p99_ms: Math.max(...base.map((r) => r.latency.p99)),
      ratio: Math.round((oursRps / baseRps) * 100) / 100,
      plain_rps: plainRps === null ? null : Math.round(plainRps),
      plain_p99_ms: e.plain ? Math.max(...plain.map((r) => r.latency.p99)) : null,
      plain_ratio_overall: plainRps === null ? null : hundredths(oursRps / plainRps),
      plain_ratio_rounds: roundRatios && roundRatios.map(hundredths),
      plain_ratio: roundRatios && hundredths(median(roundRatios)),
      queries: e.queries,
      cpu_us: Math.round(spent.ours.cpu / spent.ours.n),
      statements: perRequest(spent.ours.statements, spent.ours.n),
      plain_cpu_us: e.plain ? Math.round(spent.plain.cpu / spent.plain.n) : null,
      plain_statements: e.plain ? perRequest(spent.plain.statements, spent.plain.n) : null,
      failed: bad,
    };
    if (e.method === 'GET' && openSeconds > 0) {
      // The latency a steady 200 requests/s meets, whatever the closed loop's throughput.
      const open = async (url: string, path: string) => {
        const result = await openLoop(url, { method: e.method, path, headers: e.headers }, rate, openSeconds);
        await settle(ready.base);
        return result;
      };
      const oursOpen = await open(ready.ours, e.path);
      const baseOpen = await open(ready.base, `/baseline/${e.name}`);
      if (oursOpen.ok < oursOpen.sent)
        console.error(`${engine} ${e.label}: ${oursOpen.sent - oursOpen.ok} of ${oursOpen.sent} open-loop requests failed`);
      row.open = { rate, ours: oursOpen, baseline: baseOpen };
    }
    results.push(row);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { meta: { engine: ready.engine, connections, duration_s: slice * rounds, rounds, open_rate: rate, open_s: openSeconds }, results };
}

function print(engine: Engine, results: Row[]): void {
  const title = engine === 'postgresql' ? 'PostgreSQL' : 'PGlite (embedded; the baseline is stock PGlite query())';
  console.log(
    `\n${title}: ${connections} connections, ${slice * rounds} s per side in ${rounds} alternating turns; reads also at ` +
      `${rate} requests/s for ${openSeconds} s\n`,
  );
  console.log(
    '| endpoint | queries | rps | p50 / p99 ms | baseline rps | ratio | plain rps | plain p99 ms | ' +
      'plain ratio, median of rounds (target) | overall | per round | CPU µs / request, ours / plain | ' +
      'statements / request, ours / plain | open loop p50 / p99 ms | baseline open p50 / p99 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const open = r.open ? `${r.open.ours.p50_ms} / ${r.open.ours.p99_ms}` : '–';
    const baseOpen = r.open ? `${r.open.baseline.p50_ms} / ${r.open.baseline.p99_ms}` : '–';
    console.log(
      `| ${r.endpoint} | ${r.queries} | ${r.rps} | ${r.p50_ms} / ${r.p99_ms} | ${r.baseline_rps} | ${r.ratio} | ` +
        `${r.plain_rps ?? '–'} | ${r.plain_p99_ms ?? '–'} | ${r.plain_ratio ?? '–'} | ${r.plain_ratio_overall ?? '–'} | ` +
        `${r.plain_ratio_rounds?.join(', ') ?? '–'} | ` +
        `${r.cpu_us} / ${r.plain_cpu_us ?? '–'} | ` +
        `${r.statements} / ${r.plain_statements ?? '–'} | ${open} | ${baseOpen} |`,
    );
  }
}

/** bench/scale.ts in a child process: its table is printed as it comes, its last line (JSON) is its result. */
async function scaleSection(): Promise<void> {
  const child = spawn(process.execPath, [...compiledScript('bench/scale.ts'), ...(scaleFactor ? ['--scale-factor', scaleFactor] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let result: unknown = null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{"scale"')) result = (JSON.parse(line) as { scale: unknown }).scale;
    else console.log(line);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !result) throw new Error(`bench scale section exited with ${code}`);
  writeFileSync(
    new URL('./results.scale.json', import.meta.url),
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, ...result }, null, 2)}\n`,
  );
}

/**
 * bench/quiz-start.ts in a child process per engine (PostgreSQL when DATABASE_URL is set, then
 * PGlite): its table is printed as it comes, its last line (JSON) is its result. A ratio over the
 * goal is reported, not fatal: the machine's load moves it, so the table says it and the run goes on.
 */
async function quizStartSection(): Promise<void> {
  const engines: Engine[] = process.env.DATABASE_URL ? ['postgresql', 'pglite'] : ['pglite'];
  const results: unknown[] = [];
  for (const engine of engines) {
    const env = { ...process.env };
    if (engine === 'pglite') delete env.DATABASE_URL;
    const child = spawn(
      process.execPath,
      [...compiledScript('bench/quiz-start.ts'), ...(arg('--starts') ? ['--starts', arg('--starts')!] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env,
      },
    );
    let result: unknown = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"quiz_start"')) result = (JSON.parse(line) as { quiz_start: unknown }).quiz_start;
      else console.log(line);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Exit code 1 with a result: measured, over the goal.
    if (!result || (code !== 0 && code !== 1)) throw new Error(`bench quiz-start section (${engine}) exited with ${code}`);
    results.push(result);
  }
  writeFileSync(
    new URL('./results.quiz-start.json', import.meta.url),
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, runs: results }, null, 2)}\n`,
  );
}

async function main() {
  if (scaleOnly) return scaleSection();
  if (quizStartOnly) return quizStartSection();
  const only = arg('--engine') as Engine | undefined;
  const engines: Engine[] = (process.env.DATABASE_URL ? (['postgresql', 'pglite'] as Engine[]) : (['pglite'] as Engine[])).filter(
    (e) => !only || e === only,
  );
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is unset: PGlite only (set it to measure PostgreSQL first).');
  const runs: Partial<Record<Engine, { meta: Record<string, unknown>; results: Row[] }>> = {};
  for (const engine of engines) runs[engine] = await benchEngine(engine);
  for (const engine of engines) print(engine, runs[engine]!.results);
  if (profileDir) console.log(`\n${layerTables(profileDir)}`);
  const summary = Object.fromEntries(
    engines.map((engine) => [
      engine,
      runs[engine]!.results.map((r) => ({
        endpoint: r.endpoint,
        queries: r.queries,
        rps: r.rps,
        p50_ms: r.p50_ms,
        p99_ms: r.p99_ms,
        baseline_rps: r.baseline_rps,
        ratio: r.ratio,
        plain_rps: r.plain_rps,
        plain_ratio: r.plain_ratio,
        plain_ratio_overall: r.plain_ratio_overall,
        plain_ratio_rounds: r.plain_ratio_rounds,
        plain_p99_ms: r.plain_p99_ms,
        cpu_us: r.cpu_us,
        plain_cpu_us: r.plain_cpu_us,
        statements: r.statements,
        plain_statements: r.plain_statements,
        ...(r.open
          ? {
              open_rate: r.open.rate,
              open_p50_ms: r.open.ours.p50_ms,
              open_p99_ms: r.open.ours.p99_ms,
              baseline_open_p50_ms: r.open.baseline.p50_ms,
              baseline_open_p99_ms: r.open.baseline.p99_ms,
            }
          : {}),
      })),
    ]),
  );
  writeFileSync(
    new URL('./results.json', import.meta.url),
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, ...summary }, null, 2)}\n`,
  );
  writeFileSync(new URL('./results.detail.json', import.meta.url), `${JSON.stringify(runs, null, 2)}\n`);
  if (!args.includes('--no-scale')) await scaleSection();
  if (!args.includes('--no-quiz-start')) await quizStartSection();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
