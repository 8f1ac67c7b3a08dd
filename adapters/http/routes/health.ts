import type { Context } from 'koa';

/** "YYYY-MM-DD HH:mm:ss ZZZ" in local time (TZ), e.g. `2026-11-22 12:40:00 WIB` (contract §2). */
export function localTimestamp(date: Date, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zoneAbbreviation(date, timeZone)}`;
}

/** English names are GMT offsets for most zones; Indonesian and British English know WIB/WITA/WIT and CET. */
function zoneAbbreviation(date: Date, timeZone: string): string {
  let fallback = 'UTC';
  for (const locale of ['en-US', 'id-ID', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';
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
