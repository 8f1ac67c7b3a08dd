import type { PhoneNumbers } from '../shared/ports.js';

/**
 * A profile's phone as given: undefined leaves it, null or blank clears it, anything else must
 * be a possible number and is kept in E.164 (the same rule as CRM leads').
 */
export function normalisePhone(
  phoneNumbers: PhoneNumbers,
  raw: string | null | undefined,
): { ok: true; value: string | null | undefined } | { ok: false } {
  if (raw === undefined) return { ok: true, value: undefined };
  if (raw === null || raw.trim() === '') return { ok: true, value: null };
  const e164 = phoneNumbers.toE164(raw);
  return e164 ? { ok: true, value: e164 } : { ok: false };
}
