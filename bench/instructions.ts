/**
 * Instructions per request, ours against the plain baseline (issue 32): seconds on this machine
 * swing by ±15 % between runs of the same code, instruction counts far less (some ±8 %: when the
 * collector runs and how requests batch still vary). The bench's server
 * (bench/server.ts) runs under valgrind's callgrind with instrumentation off; per endpoint and side
 * it is warmed up, then exactly `--requests` requests are counted (`callgrind_control`), and the
 * counts are read back per thread. The main thread's functions are named from V8's perf map
 * (`--perf-basic-prof`), so JIT-compiled JavaScript shows by name beside V8's builtins.
 *
 *   DATABASE_URL=… REDIS_URL=… npx tsx bench/instructions.ts [--only courses,course] [--connections 50]
 *     [--warm 3000] [--requests 1500] [--top 25] [--keep DIR]
 *
 * Prints per endpoint: instructions per request on the main thread and on all threads (V8's
 * background threads: concurrent marking, sweeping, compiling) and the calls of the promise hook
 * per request (one per promise created while an AsyncLocalStorage is enabled, on Node 20), ours and
 * plain, and the functions whose self
 * instructions differ most. Needs valgrind (Debian's package); takes some 5 minutes per endpoint, each
 * on a server of its own (seeded anew: the access tokens it logs in with live 5 minutes).
 * Counts cover what the process does in user space: the kernel's side of a system call is not counted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PLAIN_ENDPOINTS } from './plain.js';
import { arg, compiledScript, load, type BenchRequest } from './support.js';

interface Described extends BenchRequest {
  name: string;
  label: string;
  plain: boolean;
}

const only = arg('--only')?.split(',');
const connections = Number(arg('--connections') ?? 50);
const warm = Number(arg('--warm') ?? 3000);
const requests = Number(arg('--requests') ?? 1500);
const top = Number(arg('--top') ?? 25);
const keep = arg('--keep');
/** The dumps, one folder per endpoint (`--keep DIR` keeps them, for callgrind_annotate). */
/** Seconds a request may take: under callgrind up to a thousand times longer, and none may time out. */
const UNDER_CALLGRIND = 600;
const out = keep ?? mkdtempSync(join(tmpdir(), 'lms-instructions-'));

/** V8's perf map: code address ranges and the function compiled there. */
function perfMap(pid: number): (address: number) => string | null {
  const entries = readFileSync(`/tmp/perf-${pid}.map`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      return { start: parseInt(start!, 16), end: parseInt(start!, 16) + parseInt(size!, 16), name: name.join(' ') };
    })
    .sort((a, b) => a.start - b.start);
  return (address) => {
    let lo = 0;
    let hi = entries.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid]!.start <= address) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && address < entries[found]!.end ? entries[found]!.name : null;
  };
}

interface Counted {
  /** Self instructions by function. */
  self: Map<string, number>;
  total: number;
  /** Calls into Node's promise init hook: the promises created. */
  promises: number;
}

/** One callgrind dump (callgrind's format: `fn=`, `cfn=`, `calls=`, then cost lines; names compressed as `(id) name`). */
function readDump(file: string, name: (address: number) => string | null): Counted {
  const names = new Map<string, string>();
  const nameOf = (spec: string) => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(spec);
    if (!m) return spec;
    if (m[2] !== undefined) names.set(m[1]!, m[2]);
    return names.get(m[1]!) ?? spec;
  };
  const symbol = (raw: string) => {
    const m = /^0x([0-9a-f]+)$/.exec(raw);
    return m ? (name(parseInt(m[1]!, 16)) ?? '(JIT code)') : raw;
  };
  const self = new Map<string, number>();
  let fn = '';
  let callee = '';
  let callLine = false;
  let total = 0;
  let promises = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('fn=')) fn = symbol(nameOf(line.slice(3)));
    else if (line.startsWith('cfn=')) callee = symbol(nameOf(line.slice(4)));
    else if (line.startsWith('calls=')) {
      callLine = true;
      if (callee.includes('promiseInitHook')) promises += Number(line.slice(6).split(' ')[0]);
    } else if (line.startsWith('totals: ')) total = Number(line.slice(8));
    else if (/^[0-9+\-*]/.test(line)) {
      // The line after `calls=` is the callee's inclusive cost: not the caller's own.
      if (callLine) callLine = false;
      else self.set(fn, (self.get(fn) ?? 0) + Number(line.split(' ')[1] ?? 0));
    }
  }
  return { self, total, promises };
}

/** The bench's server under callgrind, counting nothing until told; its access tokens live 5 minutes, so one per endpoint. */
async function startServer(dir: string) {
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
      process.execPath,
      '--perf-basic-prof',
      ...compiledScript('bench/server.ts'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise<{ ours: string; plain: string; endpoints: Described[] }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{') && line.includes('"ready"')) resolve(JSON.parse(line) as never);
    });
    child.once('exit', (code) => reject(new Error(`the server under valgrind ended (${code}) before it was ready`)));
  });
  return {
    ready,
    // Read after the counting: the map grows as V8 compiles.
    name: () => perfMap(child.pid!),
    control: (...args: string[]) => execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(`/tmp/perf-${child.pid}.map`, { force: true });
    },
  };
}

async function countEndpoint(
  e: Described,
  ready: { ours: string; plain: string },
  dir: string,
  name: () => (address: number) => string | null,
  control: (...args: string[]) => void,
): Promise<void> {
  let dump = 0;
  const sides: Array<{ side: string; main: Counted; all: number; requests: number }> = [];
  for (const [side, url] of [
    ['ours', ready.ours],
    ['plain', ready.plain],
  ] as const) {
    await load(url, e, { connections, amount: warm, timeout: UNDER_CALLGRIND });
    control('--zero');
    control('--instr=on');
    const result = await load(url, e, { connections, amount: requests, timeout: UNDER_CALLGRIND });
    control('--instr=off');
    control('--dump');
    dump++;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${e.name} (${side}): ${result.non2xx} non-2xx, ${result.errors} errors`);
    // One file per thread; thread 1 is the main thread.
    const files = readdirSync(dir).filter((f) => f.startsWith(`callgrind.out.${dump}-`));
    const main = readDump(join(dir, `callgrind.out.${dump}-01`), name());
    const all = files.reduce((sum, f) => sum + Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1] ?? 0), 0);
    sides.push({ side, main, all, requests: result.requests.total });
  }
  const [ours, plain] = sides as [(typeof sides)[number], (typeof sides)[number]];
  const per = (n: number, s: typeof ours) => Math.round(n / s.requests);
  console.log(`\n## ${e.label} (${connections} connections, ${requests} requests counted per side)\n`);
  console.log('| | ours | plain | ours / plain |\n|---|---:|---:|---:|');
  for (const [label, a, b] of [
    ['instructions per request, main thread', per(ours.main.total, ours), per(plain.main.total, plain)],
    ['instructions per request, all threads', per(ours.all, ours), per(plain.all, plain)],
    [
      'calls of the promise hook per request (AsyncLocalStorage, while enabled)',
      per(ours.main.promises, ours),
      per(plain.main.promises, plain),
    ],
  ] as const)
    console.log(`| ${label} | ${a.toLocaleString('en')} | ${b.toLocaleString('en')} | ${b === 0 ? '–' : (a / b).toFixed(2)} |`);
  const keys = new Set([...ours.main.self.keys(), ...plain.main.self.keys()]);
  const differences = [...keys]
    .map((key) => ({ key, a: per(ours.main.self.get(key) ?? 0, ours), b: per(plain.main.self.get(key) ?? 0, plain) }))
    .sort((x, y) => y.a - y.b - (x.a - x.b))
    .slice(0, top);
  console.log(`\nMain thread, the ${top} functions whose own instructions per request differ most (ours − plain):\n`);
  console.log('| ours − plain | ours | plain | function |\n|---:|---:|---:|---|');
  for (const d of differences) console.log(`| ${d.a - d.b} | ${d.a} | ${d.b} | ${d.key.replace(/\|/g, '\\|').slice(0, 120)} |`);
}

for (const endpoint of [...PLAIN_ENDPOINTS].filter((n) => !only || only.includes(n))) {
  const dir = join(out, endpoint);
  const { ready, name, control, stop } = await startServer(dir);
  const e = ready.endpoints.find((x) => x.name === endpoint);
  try {
    if (!e) throw new Error(`the bench's server has no endpoint ${endpoint}`);
    await countEndpoint(e, ready, dir, name, control);
  } finally {
    await stop();
  }
}

if (!keep) rmSync(out, { recursive: true, force: true });
