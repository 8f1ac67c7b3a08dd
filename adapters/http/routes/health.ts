import type { Context } from 'koa';

/** "YYYY-MM-DD HH:mm:ss ZZZ" in local time (TZ), e.g. `2026-11-22 12:40:00 WIB` (contract §2). */
export function localTimestamp(date: Date, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zoneAbbreviation(date, timeZone)}`;
}

/** English names are GMT offsets for most zones; Indonesian and British English know WIB/WITA/WIT and CET. */
function zoneAbbreviation(date: Date, timeZone: string): string {
  let fallback = 'UTC';
  for (const locale of ['en-US', 'id-ID', 'en-GB']) {
    const name =
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')
        ?.value ?? '';
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
    if (locale === 'en-US') fallback = name || fallback;
  }
  return fallback;
}

/** GET /health (no /api, no rate limit, no envelope): 503 `degraded` when the database does not answer. */
export const makeHealthHandler = (ping: () => Promise<boolean>, version: string) => async (ctx: Context) => {
  const healthy = await ping();
  ctx.status = healthy ? 200 : 503;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { status: healthy ? 'ok' : 'degraded', version, time: localTimestamp(new Date()) };
};

/** A dependency the process needs to serve: answers whether it is usable now. */
export type ReadinessCheck = () => Promise<boolean>;

/** A check that has not answered by then counts as failed: a probe must answer within its own timeout. */
const CHECK_TIMEOUT_MS = 2000;

const withinTimeout = (check: ReadinessCheck): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check().catch(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref())),
  ]).finally(() => clearTimeout(timer));
};

/**
 * GET /health/ready: whether a load balancer may send this process traffic. Every check runs at
 * once; 503 names the ones that failed, so an operator sees at a glance which dependency is away.
 */
export const makeReadinessHandler = (checks: Record<string, ReadinessCheck>) => {
  const names = Object.keys(checks);
  return async (ctx: Context) => {
    const results = await Promise.all(names.map((name) => withinTimeout(checks[name]!)));
    const failed = names.filter((_, i) => !results[i]);
    ctx.status = failed.length ? 503 : 200;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: failed.length ? 'unavailable' : 'ready',
      checks: Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'failed'])),
      failed,
    };
  };
};

/** GET /health/live: the process answers; nothing else is checked, so a dependency outage never restarts it. */
export const liveness = (ctx: Context): void => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { status: 'ok' };
};
