import { zonedToUtc } from './time-zone.js';

/**
 * iCalendar (RFC 5545) rendering of a schedule feed. The rules that matter to calendar apps:
 * - lines end with CRLF (§3.1) and are folded at 75 octets, continuation lines starting with
 *   one space, never inside a UTF-8 sequence;
 * - TEXT values escape `\`, `;`, `,` and newlines (§3.3.11) and carry no other control characters;
 * - every VEVENT has UID and DTSTAMP (§3.6.1); without METHOD, DTSTAMP is when the event was
 *   last changed in our store (§3.8.7.2), so it is stable between fetches;
 * - times: schedule items are wall-clock times without a zone. With a configured zone they are
 *   converted to UTC (`…Z`, form #2 of §3.3.5, which needs no VTIMEZONE); without one they are
 *   "floating" (form #1), shown at the same clock time wherever the subscriber is.
 */
export interface CalendarEvent {
  uid: string;
  date: string;
  startTime: string;
  endTime: string;
  summary: string;
  description: string | null;
  created: Date;
  lastModified: Date;
}

export interface CalendarOptions {
  prodId: string;
  name: string;
  /** IANA zone of the wall-clock times, or null for floating times. */
  timeZone: string | null;
  /** How often subscribers should refresh (RFC 7986 REFRESH-INTERVAL). */
  refreshMinutes: number;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** TEXT escaping (§3.3.11); control characters other than newlines are dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\t/g, ' ')
      .replace(/\n/g, '\\n')
  );
}

const utf8Length = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** Folds one content line (§3.1): at most 75 octets per physical line, whole code points only. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const size = utf8Length(ch.codePointAt(0)!);
    if (octets + size > limit) {
      out.push(current);
      current = ' ';
      octets = 1;
      limit = MAX_LINE_OCTETS;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** UTC DATE-TIME, form #2 (§3.3.5): `19980119T070000Z`. */
export const utcStamp = (d: Date): string =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;

const floating = (date: string, time: string): string => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

const dateTime = (date: string, time: string, zone: string | null): string =>
  zone ? utcStamp(zonedToUtc(date, time, zone)) : floating(date, time);

export function renderCalendar(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.prodId}`,
    'CALSCALE:GREGORIAN',
    `NAME:${escapeText(options.name)}`,
    `X-WR-CALNAME:${escapeText(options.name)}`,
    ...(options.timeZone ? [`X-WR-TIMEZONE:${options.timeZone}`] : []),
    `REFRESH-INTERVAL;VALUE=DURATION:PT${options.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${options.refreshMinutes}M`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(e.lastModified)}`,
      `CREATED:${utcStamp(e.created)}`,
      `LAST-MODIFIED:${utcStamp(e.lastModified)}`,
      `DTSTART:${dateTime(e.date, e.startTime, options.timeZone)}`,
      `DTEND:${dateTime(e.date, e.endTime, options.timeZone)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
