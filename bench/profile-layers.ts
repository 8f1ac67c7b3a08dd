/**
 * Where a request's CPU goes, by layer (issue 32 item 2): reads the V8 CPU profiles that
 * `npm run bench -- --profile DIR` writes per measured turn (`<engine>-<endpoint>-<side>-<round>.cpuprofile`
 * with `.json` beside it: the turn's request count and the process's CPU time) and attributes each
 * sample to a layer by the frame that was running: its script's URL (our folders, the package it
 * comes from, Node's own modules) or, for V8's builtins and Node internals that belong to no layer
 * (promise machinery, events, timers, buffers, crypto), by the nearest caller that does. A layer's
 * figure is its share of the main thread's samples (JavaScript, the builtins it calls, the garbage
 * collector's pauses on it) times the process's CPU time per request over the same turns.
 *
 *   npx tsx bench/profile-layers.ts DIR
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The layers, in the order the tables list them. */
export const LAYERS = [
  'Node sockets and streams (HTTP and database)',
  'HTTP chain (Koa, router, middleware, routes)',
  'rate limit (rate-limiter-flexible, ioredis)',
  'authentication (JWT)',
  'validation (zod)',
  'container and scope (awilix, composition)',
  'use case and domain (plain: its handlers)',
  'persistence adapters (repositories, mappers)',
  'knex (query building, case mapping, tarn pool)',
  'pg driver',
  'PGlite',
  'serialisation (JSON, presenters)',
  'logging (pino)',
  'queue (BullMQ)',
  'async context (AsyncLocalStorage hooks)',
  'garbage collector',
  'other (V8, Node internals, bench harness)',
] as const;
export type Layer = (typeof LAYERS)[number];

/** Our source folders: a frame's path from one of them on (profiles of another checkout read the same). */
const OUR_PATH = /^file:\/\/.*?\/((?:adapters|application|domain|composition|infrastructure|bench|scripts)\/.*)$/;

/** A package-name pattern from its names (regular-expression syntax allowed in each). */
const names = (...list: string[]) => new RegExp(`^(${list.join('|')})$`);

const PACKAGES: Array<[RegExp, Layer]> = [
  [
    names(
      ...['koa', 'koa-[\\w-]+', '@koa/[\\w-]+', 'helmet', 'http-errors', 'statuses', 'on-finished', 'content-type', 'accepts'],
      ...['negotiator', 'mime-types', 'mime-db', 'type-is', 'vary', 'fresh', 'encodeurl', 'escape-html', 'depd', 'delegates'],
      ...['cookies', 'keygrip', 'co-body', 'raw-body', 'iconv-lite', 'inflation', 'parseurl', 'path-to-regexp', 'qs', 'only'],
      ...['destroy', 'http-assert', 'content-disposition', 'cache-content-type', 'ee-first', 'toidentifier', 'setprototypeof'],
      ...['bytes', 'unpipe'],
    ),
    'HTTP chain (Koa, router, middleware, routes)',
  ],
  [
    names(
      'rate-limiter-flexible',
      'ioredis',
      'redis-parser',
      'redis-errors',
      'standard-as-callback',
      'cluster-key-slot',
      'denque',
      'lodash\\.\\w+',
    ),
    'rate limit (rate-limiter-flexible, ioredis)',
  ],
  [
    names('jsonwebtoken', 'jws', 'jwa', 'jose', 'safe-buffer', 'buffer-equal-constant-time', 'ecdsa-sig-formatter', 'semver', 'ms'),
    'authentication (JWT)',
  ],
  [names('zod'), 'validation (zod)'],
  [names('awilix'), 'container and scope (awilix, composition)'],
  [
    names('knex', 'objection', 'tarn', 'lodash', 'getopts', 'colorette', 'debug', 'rechoir', 'interpret', 'pg-connection-string'),
    'knex (query building, case mapping, tarn pool)',
  ],
  [
    names(
      ...['pg', 'pg-protocol', 'pg-types', 'pg-pool', 'pg-int8', 'pgpass', 'postgres-array', 'postgres-date', 'postgres-interval'],
      ...['postgres-bytea', 'pg-cloudflare', 'split2'],
    ),
    'pg driver',
  ],
  [names('@electric-sql/pglite'), 'PGlite'],
  [
    names(
      ...['pino', 'pino-[\\w-]+', 'sonic-boom', 'thread-stream', 'fast-redact', 'quick-format-unescaped', 'on-exit-leak-free'],
      ...['atomic-sleep', 'safe-stable-stringify'],
    ),
    'logging (pino)',
  ],
  [names('bullmq', 'msgpackr', 'cron-parser', 'node-abort-controller'), 'queue (BullMQ)'],
];

/** Our folders (and the bench's plain app), by path under the repository. */
const OURS: Array<[RegExp, Layer]> = [
  [/^adapters\/http\/wire\//, 'serialisation (JSON, presenters)'],
  [/^adapters\/http\/middleware\/rate-limit/, 'rate limit (rate-limiter-flexible, ioredis)'],
  [/^adapters\/http\//, 'HTTP chain (Koa, router, middleware, routes)'],
  [/^adapters\/security\//, 'authentication (JWT)'],
  [/^adapters\/(persistence|cache|kv)\//, 'persistence adapters (repositories, mappers)'],
  [/^infrastructure\/db\//, 'persistence adapters (repositories, mappers)'],
  [/^adapters\/jobs\//, 'queue (BullMQ)'],
  [/^infrastructure\/logger/, 'logging (pino)'],
  [/^composition\//, 'container and scope (awilix, composition)'],
  [/^(application|domain)\//, 'use case and domain (plain: its handlers)'],
  [/^bench\/plain\.[jt]s/, 'use case and domain (plain: its handlers)'],
  [/^bench\//, 'other (V8, Node internals, bench harness)'],
];

/** The layer of a frame, or null when it belongs to its caller's (builtins, shared Node internals). */
function layerOf(frame: ProfileNode['callFrame']): Layer | null {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)' || functionName === '(root)') return 'other (V8, Node internals, bench harness)';
  if (!url) return functionName === 'stringify' || functionName === 'parse' ? 'serialisation (JSON, presenters)' : null;
  // Koa's respond() is where the body is stringified (JSON.stringify is inlined into it): most of its time.
  if (functionName === 'respond' && url.endsWith('/koa/lib/application.js')) return 'serialisation (JSON, presenters)';
  if (url.startsWith('node:')) {
    if (/^node:(_http_|net$|internal\/(http|stream_base_commons|streams\/|js_stream_socket)|stream$|internal\/net)/.test(url))
      return 'Node sockets and streams (HTTP and database)';
    if (/^node:(async_hooks|internal\/async_hooks|internal\/async_local_storage|internal\/promise_hooks)/.test(url))
      return 'async context (AsyncLocalStorage hooks)';
    return null;
  }
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) {
    if (pkg[1] === 'tsx' || pkg[1] === 'source-map-support') return 'other (V8, Node internals, bench harness)';
    for (const [re, layer] of PACKAGES) if (re.test(pkg[1]!)) return layer;
    return null;
  }
  const path = OUR_PATH.exec(url)?.[1];
  if (path) for (const [re, layer] of OURS) if (re.test(path)) return layer;
  return null;
}

/** Samples per layer (idle excluded). */
export function layerSamples(profile: Profile): Map<Layer, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, Layer | 'idle'>();
  const resolve = (id: number): Layer | 'idle' => {
    const known = memo.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    let layer: Layer | 'idle';
    if (node.callFrame.functionName === '(idle)') layer = 'idle';
    else {
      const own = layerOf(node.callFrame);
      const up = parent.get(id);
      layer = own ?? (up === undefined ? 'other (V8, Node internals, bench harness)' : resolve(up));
      if (layer === 'idle') layer = 'other (V8, Node internals, bench harness)';
    }
    memo.set(id, layer);
    return layer;
  };
  // Counted, not timed: on a busy machine the gaps between samples are wall time, stretched while
  // the process waits for a core, so each layer's share of the samples is what is used.
  const counts = new Map<Layer, number>();
  for (const id of profile.samples) {
    const layer = resolve(id);
    if (layer !== 'idle') counts.set(layer, (counts.get(layer) ?? 0) + 1);
  }
  return counts;
}

interface Side {
  requests: number;
  cpuUs: number;
  layers: Map<Layer, number>;
}

/** The profiles of a directory, summed over rounds: engine → endpoint → side. */
function collect(dir: string): Map<string, Map<string, Map<string, Side>>> {
  const out = new Map<string, Map<string, Map<string, Side>>>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()) {
    const m = /^(\w+)-(\w+)-(ours|plain)-\d+\.cpuprofile$/.exec(file);
    if (!m) continue;
    const [, engine, endpoint, side] = m as unknown as [string, string, string, string];
    const meta = JSON.parse(readFileSync(join(dir, file.replace(/\.cpuprofile$/, '.json')), 'utf8')) as {
      requests: number;
      cpu_us: number;
    };
    const times = layerSamples(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile);
    const endpoints = out.get(engine) ?? new Map<string, Map<string, Side>>();
    out.set(engine, endpoints);
    const sides = endpoints.get(endpoint) ?? new Map<string, Side>();
    endpoints.set(endpoint, sides);
    const s = sides.get(side) ?? { requests: 0, cpuUs: 0, layers: new Map<Layer, number>() };
    sides.set(side, s);
    s.requests += meta.requests;
    s.cpuUs += meta.cpu_us;
    for (const [layer, ms] of times) s.layers.set(layer, (s.layers.get(layer) ?? 0) + ms);
  }
  return out;
}

/** Markdown tables, one per engine: µs of CPU per request by layer, ours / plain, per endpoint. */
export function layerTables(dir: string): string {
  const out: string[] = [];
  for (const [engine, endpoints] of collect(dir)) {
    const names = [...endpoints.keys()];
    out.push(
      `CPU µs per request by layer, ${engine}, ours / plain: each layer's share of the main thread's samples times ` +
        `the process's CPU time per request (profiled turns, the profiler's own cost included)\n`,
    );
    out.push(`| layer | ${names.join(' | ')} |`);
    out.push(`|---|${names.map(() => '---:').join('|')}|`);
    const cell = (side: Side | undefined, layer: Layer | 'process') => {
      if (!side || side.requests === 0) return '–';
      const perRequest = side.cpuUs / side.requests;
      if (layer === 'process') return Math.round(perRequest);
      const all = [...side.layers.values()].reduce((a, b) => a + b, 0);
      return Math.round((perRequest * (side.layers.get(layer) ?? 0)) / all);
    };
    const row = (label: string, layer: Layer | 'process') =>
      out.push(
        `| ${label} | ${names.map((n) => `${cell(endpoints.get(n)!.get('ours'), layer)} / ${cell(endpoints.get(n)!.get('plain'), layer)}`).join(' | ')} |`,
      );
    for (const layer of LAYERS) row(layer, layer);
    row('**process CPU time per request**', 'process');
    out.push('');
  }
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npx tsx bench/profile-layers.ts DIR');
    process.exit(1);
  }
  console.log(layerTables(dir));
}
