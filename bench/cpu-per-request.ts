/**
 * Where one request's CPU goes: starts bench/server.ts (ours and the baseline, as `npm run bench`
 * does), loads one endpoint with 50 connections for 8 s per side, in two alternating rounds, and
 * prints each side's throughput, the server process's CPU per request (Node: the HTTP stack, knex,
 * the driver) and the whole machine's CPU per request (adding the database and the load
 * generator). On a machine whose cores are all busy, throughput is the cores over the machine's
 * CPU per request, so the two columns tell which side of the wire a gap is on.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/cpu-per-request.ts google [--profile /tmp/prof --ours-only|--baseline-only]
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { arg, compiledScript, flag } from './support.js';

type Described = {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  varyBody: string | null;
};

const name = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'google';
const profileDir = arg('--profile');
const seconds = 8;

const child = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), ...compiledScript('bench/server.ts')],
  { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
);
const ready = await new Promise<{ ours: string; base: string; endpoints: Described[] }>((resolve, reject) => {
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const msg = JSON.parse(line) as { ready?: boolean };
      if (msg.ready) resolve(msg as never);
    } catch {
      /* other output */
    }
  });
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const endpoint = ready.endpoints.find((e) => e.name === name);
if (!endpoint) throw new Error(`no endpoint ${name}: ${ready.endpoints.map((e) => e.name).join(', ')}`);

/** CPU time (ms) of a process, from /proc (utime + stime, in clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Busy CPU time (ms) of the whole machine, from /proc/stat. */
function machineBusyMs(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!) * 10;
}

function load(url: string, path: string, duration: number): Promise<autocannon.Result> {
  const base = endpoint!.body ? (JSON.parse(endpoint!.body) as Record<string, unknown>) : null;
  const vary = endpoint!.varyBody;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 50,
        duration,
        requests: [
          {
            method: endpoint!.method as autocannon.Request['method'],
            path,
            headers: endpoint!.headers,
            ...(endpoint!.body ? { body: endpoint!.body } : {}),
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

const sides: Array<[string, string, string]> = [];
if (!flag('--baseline-only')) sides.push(['ours', ready.ours, endpoint.path]);
if (!flag('--ours-only')) sides.push(['baseline', ready.base, `/baseline/${endpoint.name}`]);
for (let round = 1; round <= 2; round++) {
  for (const [side, url, path] of sides) {
    await load(url, path, 1); // unmeasured: connections, JIT
    const [server0, machine0] = [processCpuMs(child.pid!), machineBusyMs()];
    const result = await load(url, path, seconds);
    const [server1, machine1] = [processCpuMs(child.pid!), machineBusyMs()];
    const n = result.requests.total;
    console.log(
      `${side.padEnd(8)} ${Math.round(n / seconds)} rps; CPU per request: server ` +
        `${(((server1 - server0) * 1000) / n).toFixed(0)} µs, machine ${(((machine1 - machine0) * 1000) / n).toFixed(0)} µs`,
    );
  }
}
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
