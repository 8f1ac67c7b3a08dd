import type { LeadAnswer, LeadDetails } from './lead.js';

/**
 * Turns a lead form submission into lead details. Meta's `field_data` names standard questions
 * `full_name`, `first_name`, `last_name`, `email`, `phone_number`, `city`, `state`, `province`…
 * and custom questions by their own key; Google's `user_column_data` has `column_id`s FULL_NAME,
 * FIRST_NAME, LAST_NAME, EMAIL, WORK_EMAIL, PHONE_NUMBER, WORK_PHONE, CITY, REGION, COUNTRY,
 * POSTAL_CODE… and a human `column_name`. Indonesian custom keys (nama, no_whatsapp, kota,
 * provinsi, kategori) are understood too. What is not a known field becomes a custom answer, so
 * nothing the person typed is lost (an unparseable phone number included).
 */

/** The phone port's shape: E.164 or null when the text is not a possible number. */
export type PhoneNormalizer = (raw: string) => string | null;

type Slot = 'name' | 'firstName' | 'lastName' | 'whatsapp' | 'phone' | 'email' | 'city' | 'region' | 'category';

const ALIASES: Record<Slot, string[]> = {
  name: ['full_name', 'fullname', 'name', 'nama', 'nama_lengkap'],
  firstName: ['first_name', 'given_name', 'nama_depan'],
  lastName: ['last_name', 'family_name', 'nama_belakang'],
  whatsapp: ['whatsapp', 'whatsapp_number', 'whatsapp_phone_number', 'no_whatsapp', 'nomor_whatsapp', 'no_wa', 'nomor_wa', 'wa'],
  phone: [
    'phone_number',
    'phone',
    'mobile',
    'mobile_number',
    'user_phone',
    'work_phone',
    'work_phone_number',
    'no_hp',
    'nomor_hp',
    'telepon',
    'no_telepon',
    'nomor_telepon',
  ],
  email: ['email', 'email_address', 'user_email', 'work_email', 'surel'],
  city: ['city', 'kota', 'kota_kabupaten', 'kabupaten_kota', 'kabupaten'],
  region: ['region', 'state', 'province', 'provinsi', 'state_province', 'province_state'],
  category: ['category', 'kategori', 'program', 'course', 'kursus', 'product', 'produk', 'course_category'],
};

/** `WORK_EMAIL` after `EMAIL`, `WORK_PHONE` after `PHONE_NUMBER`: the personal one wins. */
const PREFERENCE: Record<string, number> = { work_email: 1, work_phone: 1, work_phone_number: 1 };

const SLOT_OF = new Map<string, Slot>(Object.entries(ALIASES).flatMap(([slot, keys]) => keys.map((k) => [k, slot as Slot] as const)));

/** "Phone Number", "PHONE_NUMBER", "phone-number" → "phone_number". */
export const fieldKey = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** Meta's Lead Ads Testing Tool fills every answer with this marker. */
const TEST_MARKER = /^<test lead: dummy data for /i;

interface Field {
  keys: string[];
  question: string;
  value: string;
}

const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+$/.test(s);

function extract(fields: Field[], normalizePhone: PhoneNormalizer, isTest: boolean): LeadDetails {
  const slots = new Map<Slot, { value: string; rank: number; question: string }>();
  const answers: LeadAnswer[] = [];
  let test = isTest;
  for (const f of fields) {
    const value = clean(f.value);
    if (!value) continue;
    if (TEST_MARKER.test(value)) test = true;
    const key = f.keys.find((k) => SLOT_OF.has(k));
    const slot = key ? SLOT_OF.get(key)! : undefined;
    const rank = key ? (PREFERENCE[key] ?? 0) : 0;
    const taken = slot ? slots.get(slot) : undefined;
    let accepted = slot !== undefined && (!taken || rank < taken.rank);
    if (accepted && (slot === 'phone' || slot === 'whatsapp') && !normalizePhone(value)) accepted = false;
    if (accepted && slot === 'email' && !looksLikeEmail(value)) accepted = false;
    if (accepted && slot) {
      if (taken) answers.push({ question: taken.question, answer: taken.value });
      slots.set(slot, { value, rank, question: f.question });
    } else {
      answers.push({ question: f.question, answer: value });
    }
  }
  const get = (s: Slot) => slots.get(s)?.value ?? null;
  const joined = [get('firstName'), get('lastName')].filter(Boolean).join(' ');
  const phoneText = get('whatsapp') ?? get('phone');
  // A WhatsApp number and a separate phone number: the WhatsApp one is the lead's phone (spec
  // "WhatsApp number"); the other stays visible as an answer.
  const phone = slots.get('phone');
  if (get('whatsapp') && phone && phone.value !== get('whatsapp')) answers.push({ question: phone.question, answer: phone.value });
  return {
    name: get('name') ?? (joined || null),
    phone: phoneText ? normalizePhone(phoneText) : null,
    email: get('email')?.toLowerCase() ?? null,
    city: get('city'),
    region: get('region'),
    category: get('category'),
    answers,
    isTest: test,
  };
}

/** Meta Graph lead: `field_data: [{name, values: [...]}]`; several values are joined with ", ". */
export function extractMetaLead(
  fieldData: ReadonlyArray<{ name: string; values?: readonly unknown[] | null }>,
  normalizePhone: PhoneNormalizer,
  isTest = false,
): LeadDetails {
  const fields = fieldData.map((f) => ({
    keys: [fieldKey(f.name)],
    question: f.name,
    value: (f.values ?? [])
      .map((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : ''))
      .filter(Boolean)
      .join(', '),
  }));
  return extract(fields, normalizePhone, isTest);
}

/** Google lead form: `user_column_data: [{column_id, column_name, string_value}]`. */
export function extractGoogleLead(
  columns: ReadonlyArray<{ column_id?: string | null; column_name?: string | null; string_value?: string | null }>,
  normalizePhone: PhoneNormalizer,
  isTest = false,
): LeadDetails {
  const fields = columns.map((c) => ({
    keys: [c.column_id, c.column_name].filter((k): k is string => !!k).map(fieldKey),
    question: c.column_name || c.column_id || 'answer',
    value: c.string_value ?? '',
  }));
  return extract(fields, normalizePhone, isTest);
}
