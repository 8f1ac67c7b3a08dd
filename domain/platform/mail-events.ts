/** Mail delivery callbacks (contract §9) and broadcasts (issue 7). */

export const MAIL_EVENTS = ['delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed'] as const;
export type MailEventType = (typeof MAIL_EVENTS)[number];
export const isMailEvent = (s: unknown): s is MailEventType => typeof s === 'string' && (MAIL_EVENTS as readonly string[]).includes(s);

/** `{total, by_event}` with every event present. */
export function mailStats(counts: Partial<Record<string, number>>): { total: number; by_event: Record<MailEventType, number> } {
  const by_event = Object.fromEntries(MAIL_EVENTS.map((e) => [e, counts[e] ?? 0])) as Record<MailEventType, number>;
  return { total: MAIL_EVENTS.reduce((s, e) => s + by_event[e], 0), by_event };
}

/** A callback's time: an ISO 8601 string, or Unix seconds (or milliseconds) as a number or digits. */
export function parseEventTime(v: unknown): Date | null {
  if (typeof v === 'number' || (typeof v === 'string' && /^\d{9,13}$/.test(v.trim()))) {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) return null;
    const d = new Date(n > 1e12 ? n : n * 1000);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** Broadcasts go out in batches of at most this many recipients (issue 7). */
export const BROADCAST_BATCH_SIZE = 100;

export const batchCount = (recipients: number, size = BROADCAST_BATCH_SIZE): number => Math.ceil(recipients / size);

/** `{{name}}` and `{{email}}` in a broadcast are the recipient's. */
export const personalise = (template: string, r: { displayName: string; email: string }): string =>
  template.replace(/\{\{\s*name\s*\}\}/g, r.displayName).replace(/\{\{\s*email\s*\}\}/g, r.email);
