import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { PhoneNumbers } from '../../application/crm/ports/security.js';

/**
 * E.164 through libphonenumber-js (Google's metadata): `0812-3456-789` → `+628123456789` with
 * the default country ID, `+62 812…`, `62812…` and `(+62)812…` alike. A text that cannot be a
 * number of the country it names (too short, letters) answers null.
 */
export const libphonenumberPhoneNumbers = (defaultCountry: string): PhoneNumbers => ({
  toE164(raw) {
    const text = raw.trim();
    if (!/\d/.test(text)) return null;
    // International prefix "00" instead of "+": libphonenumber would read it as a national number.
    const normalised = text.replace(/^00(?=[1-9])/, '+');
    const parsed = parsePhoneNumberFromString(normalised, defaultCountry as CountryCode);
    return parsed && parsed.isPossible() ? parsed.number : null;
  },
});
