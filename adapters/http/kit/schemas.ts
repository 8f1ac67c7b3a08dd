import { z } from 'zod';
import type { Page, PageRequest } from '../../../application/shared/ports.js';

/** Shared edge schemas. Query strings arrive as strings, so numbers and booleans are coerced. */
export const uuid = z.uuid();
export const idParam = z.object({ id: uuid });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const toPageRequest = (q: { page: number; page_size: number }): PageRequest => ({ page: q.page, pageSize: q.page_size });

/** `data` of every list (contract §2). */
export const pageView = <T, V>(page: Page<T>, view: (item: T) => V) => ({
  items: page.items.map(view),
  total: page.total,
  page: page.page,
  page_size: page.pageSize,
});

export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const dateOnly = z.iso.date();
export const timeHm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** Free text fields: trimmed, bounded. */
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** HTML5's rule: a TLD is not required (`admin@localhost` is the bootstrap account, contract §1). */
export const email = z.string().trim().max(254).pipe(z.email({ pattern: z.regexes.html5Email }));
export const url = z.string().trim().max(2048).pipe(z.url({ protocol: /^https?$/ }));

/** Start of the day for `start_date`, start of the next day for `end_date`: filters are inclusive of whole days. */
export const dayStart = (d: string): Date => new Date(`${d}T00:00:00.000Z`);
export const dayAfter = (d: string): Date => new Date(dayStart(d).getTime() + 86_400_000);

/*
 * Answer schemas (the success `data` of a route). Their input type is what presenters produce
 * (`Date` for times) and the document describes what JSON makes of it (ISO 8601 strings).
 */
export const timestamp = z.date().meta({ description: 'ISO 8601 UTC time', examples: ['2026-11-22T06:32:21.022Z'] });
export const id = z.uuid().meta({ examples: ['0f8fad5b-d9cb-469f-a165-70867728950e'] });

/** `data` of every list (contract §2): `{items, total, page, page_size}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: 'Items matching, on all pages' }),
    page: z.number().int(),
    page_size: z.number().int(),
  });

/** `data` of a plain acknowledgement: nothing, the message says what happened. */
export const acknowledgement = z.null().meta({ description: 'Nothing: the message says what happened' });
