/**
 * What one statement costs our process through knex, against the same statement through pg alone
 * (issue 32): the floor under every endpoint's CPU per request that no change of ours above knex
 * can lower. The statement is the login principal, the one every authenticated request runs, read
 * four ways on the same database, with the same pool size and the same number of callers in flight:
 *
 * - `repository`: our login repository's `principal()` (`knex.raw` of a fixed text, named, and the
 *   unit of work's `db.q()`), as a request runs it;
 * - `knex.raw`: the same text and name through our knex (`createKnex`: pg, tarn, the case mappers);
 * - `knex builder`: the same statement built by knex's query builder, as a repository would write it
 *   without a fixed text;
 * - `pg.query`: the same text, named, through pg's own `Pool`, as the plain baseline runs it.
 *
 * Each way runs in turns (`--rounds`, 3 by default) of `--calls` statements (4,000) by `--concurrency`
 * callers (50, as the bench's connections); CPU is the process's (`process.cpuUsage`), per statement.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/statement-floor.ts [--rounds 3 --calls 4000 --concurrency 50]
 */
import pg from 'pg';
import { createKnex } from '../infrastructure/db/knex.js';
import { Database } from '../infrastructure/db/database.js';
import { makeLoginPgRepository } from '../adapters/persistence/pg/login.pg-repository.js';
import { arg, median, requirePostgresUrl } from './support.js';

const url = requirePostgresUrl();
const rounds = Number(arg('--rounds') ?? 3);
const calls = Number(arg('--calls') ?? 4000);
const concurrency = Number(arg('--concurrency') ?? 50);
const poolMax = Number(process.env.DATABASE_POOL_MAX ?? 10);

const knex = await createKnex({ databaseUrl: url, embeddedDir: null, poolMax });
const db = new Database(knex);
const logins = makeLoginPgRepository({ db });
const pool = new pg.Pool({ connectionString: url, max: poolMax });

const loginId = ((await knex('logins').first('id')) as { id: string } | undefined)?.id;
if (!loginId) {
  console.error('no login in this database: run `npm run seed` on it first');
  process.exit(1);
}
// The repository's own text, as knex hands it to pg (numbered); knex.raw takes it with `?`.
let numbered = '';
const capture = (q: { sql: string }) => void (numbered ||= q.sql);
knex.on('query', capture);
await logins.principal(loginId);
knex.off('query', capture);
const text = numbered.replace(/\$\d+/g, '?');

const ways: Record<string, () => Promise<unknown>> = {
  repository: () => logins.principal(loginId),
  'knex.raw': () => knex.raw(text, [loginId]).options({ name: 'floor_raw' }),
  'knex builder': () =>
    knex({ l: 'logins' })
      .join({ u: 'users' }, 'u.id', 'l.user_id')
      .where('l.id', loginId)
      .first('l.id as loginId', 'l.tenant_id', 'l.user_id', 'l.revoked_at', 'l.expires_at', 'u.username', 'u.role', 'u.status')
      .options({ name: 'floor_builder' }),
  'pg.query': () => pool.query({ name: 'floor_pg', text: numbered, values: [loginId] }),
};

async function turn(run: () => Promise<unknown>, total: number): Promise<{ cpu: number; wall: number }> {
  let left = total;
  const caller = async () => {
    while (left-- > 0) await run();
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / total, wall: ((performance.now() - t0) * 1000) / total };
}

// A unit of work has run in every server process by now, and its AsyncLocalStorage keeps Node's
// promise hooks on from then: every promise of every way pays for them, as in the server.
await db.run(async () => logins.principal(loginId));
const results = new Map<string, number[]>(Object.keys(ways).map((k) => [k, []]));
for (const run of Object.values(ways)) await turn(run, 1000); // JIT, connections, prepared statements
for (let r = 0; r < rounds; r++) for (const [name, run] of Object.entries(ways)) results.get(name)!.push((await turn(run, calls)).cpu);

const floor = median(results.get('pg.query')!);
console.log(`CPU µs per statement (median of ${rounds} turns of ${calls}, ${concurrency} callers, pool ${poolMax}):`);
console.log('| way | CPU µs per statement | over pg.query |\n|---|---:|---:|');
for (const [name, xs] of results) {
  const m = median(xs);
  console.log(
    `| ${name} | ${m.toFixed(1)} (${xs.map((x) => x.toFixed(0)).join(', ')}) | ${name === 'pg.query' ? '–' : `+${(m - floor).toFixed(1)}`} |`,
  );
}
await knex.destroy();
await pool.end();
