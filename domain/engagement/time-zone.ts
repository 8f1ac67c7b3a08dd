/**
 * Wall-clock dates and times of schedules in a named IANA zone. `Intl` is part of the language
 * (no import, no I/O): the zone database ships with the runtime.
 */

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string): Intl.DateTimeFormat => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
};

/** The wall clock of `zone` at `instant`, as if it were UTC (milliseconds). */
function wallClockMs(instant: Date, zone: string): number {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The calendar day at `instant` in `zone` (UTC when null): "today" of a schedule. */
export function localDate(instant: Date, zone: string | null): string {
  if (!zone) return instant.toISOString().slice(0, 10);
  return new Date(wallClockMs(instant, zone)).toISOString().slice(0, 10);
}

/**
 * The instant at which `zone`'s clock shows `date` `time`. Two passes settle the offset around
 * a DST change; a wall time skipped by a DST gap lands after the gap, a repeated one on its
 * first occurrence.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const wall = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  let guess = wall - (wallClockMs(new Date(wall), zone) - wall);
  const offset = wallClockMs(new Date(guess), zone) - guess;
  guess = wall - offset;
  return new Date(guess);
}
