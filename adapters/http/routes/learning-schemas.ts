import { z } from 'zod';
import { isoDateTime, text, url } from '../kit/schemas.js';

/** Prices, read exactly (the shared amount schema). */
export { money } from '../kit/schemas.js';

/** Edge schemas shared by the learning route modules. */

/** An http(s) URL, or one of our own download paths (`/api/files/download/<name>`). */
export const mediaUrl = z.union([
  url,
  z
    .string()
    .trim()
    .regex(/^\/api\/files\/download\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/, 'an http(s) URL or /api/files/download/<file>'),
]);

export const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'a 3-letter currency code')
  .transform((s) => s.toUpperCase());
export const optionalText = (max: number) => text(max).nullable().optional();
export const searchQuery = z.string().trim().max(200).optional();
export const dateTime = isoDateTime.transform((s) => new Date(s));
