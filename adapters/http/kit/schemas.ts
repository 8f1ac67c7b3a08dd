import { z } from 'zod';
import type { Page, PageRequest } from '../../../application/shared/ports.js';
import { minorOf } from '../../../domain/shared/money.js';

/** Shared edge schemas. Query strings arrive as strings, so numbers and booleans are coerced. */
export const uuid = z.uuid();
export const idParam = z.object({ id: uuid });

/**
 * Every list's query. Strict, as is every query schema: a parameter the route does not know (a
 * misspelt filter, `?q=` where the list reads `search`) answers 400 naming it rather than an
 * unfiltered list. Lists extend it, so their own parameters join the strictness.
 */
export const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .meta({
      description:
        'A `next_cursor` of this list with the same filters: the page after it, read from the index however deep (`page` then only labels the answer)',
    }),
});

export const toPageRequest = (q: { page: number; page_size: number; cursor?: string | undefined }): PageRequest =>
  q.cursor === undefined ? { page: q.page, pageSize: q.page_size } : { page: q.page, pageSize: q.page_size, cursor: q.cursor };

/** `data` of every list (contract §2, §10). */
export const pageView = <T, V>(page: Page<T>, view: (item: T) => V) => ({
  items: page.items.map(view),
  total: page.total,
  page: page.page,
  page_size: page.pageSize,
  total_is_estimate: page.totalIsEstimate ?? false,
  next_cursor: page.nextCursor ?? null,
});

export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Dates and times as the API takes them: ISO 8601 of years 1–9999. A year 0 (ISO's 1 BC) would be
 * written by pg and refused by PGlite, so it is refused here and both engines store the same
 * (docs/architecture.md).
 */
const fromYearOne = (s: string) => new Date(s).getUTCFullYear() >= 1;
export const dateOnly = z.iso.date().refine(fromYearOne, 'a date of year 1 or later');
export const isoDateTime = z.iso.datetime({ offset: true }).refine(fromYearOne, 'a time of year 1 or later');
/** A list filter's bound: a day (`2026-11-29`) or a time with its offset. */
export const dayOrTime = z.union([dateOnly, isoDateTime]);
export const timeHm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** Free text fields: trimmed, bounded. */
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * An amount in (contract §2, domain/shared/money.ts): a JSON number or a decimal string with at
 * most two decimals, read exactly (`"19999.99"` and 19999.99 are the same amount) into its
 * hundredths (`Minor`). More decimals are refused rather than rounded, so what is stored is what
 * was sent (a float sum such as 0.30000000000000004 is refused). From `min` to `max` in the
 * currency's unit.
 */
export const amountIn = (min: number, max: number) => {
  const [low, high] = [minorOf(min), minorOf(max)];
  return z
    .union([z.number(), z.string().trim()])
    .transform((v, ctx) => {
      const m = minorOf(v);
      if (m === null || low === null || high === null || m < low || m > high) {
        ctx.addIssue({ code: 'custom', message: `an amount from ${min} to ${max} with at most two decimals` });
        return z.NEVER;
      }
      return m;
    })
    .meta({ description: 'A number or a decimal string, at most two decimals', examples: [150000, '19999.99'] });
};

/** The largest amount a `numeric(14, 2)` column holds. */
export const MAX_AMOUNT = 999_999_999_999.99;

/** Prices and payment amounts. */
export const money = amountIn(0, MAX_AMOUNT);

/** HTML5's rule: a TLD is not required (`admin@localhost` is the bootstrap account, contract §1). */
export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ pattern: z.regexes.html5Email }));
export const url = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/ }));

/** Start of the day for `start_date`, start of the next day for `end_date`: filters are inclusive of whole days. */
export const dayStart = (d: string): Date => new Date(`${d}T00:00:00.000Z`);
export const dayAfter = (d: string): Date => new Date(dayStart(d).getTime() + 86_400_000);

/*
 * Answer schemas (the success `data` of a route). Their input type is what presenters produce
 * and the document describes what JSON makes of it (ISO 8601 strings for times).
 */
/**
 * A time: presenters hand a `Date`, or its `toISOString()` already where an answer carries many
 * (`isoTime`: for each `Date`, JSON.stringify calls back into JavaScript for `toJSON`, twice the
 * time of `toISOString()` itself; a catalogue page holds thirty). Either way JSON holds the same text.
 */
export const timestamp = z
  .custom<Date | string>((v) => v instanceof Date || typeof v === 'string')
  .meta({ description: 'ISO 8601 UTC time', examples: ['2026-11-22T06:32:21.022Z'], type: 'string', format: 'date-time' });

/** A time as the JSON of its `Date` writes it (see `timestamp`); a read model's `IsoTime` is that text already. */
export const isoTime = (d: Date | string): string => (typeof d === 'string' ? d : d.toISOString());
export const isoTimeOrNull = (d: Date | string | null): string | null => (d === null ? null : isoTime(d));
export const id = z.uuid().meta({ examples: ['0f8fad5b-d9cb-469f-a165-70867728950e'] });

/** `data` of every list (contract §2): `{items, total, page, page_size}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: "Items matching, on all pages: exact up to 10,000, past that the planner's estimate" }),
    page: z.number().int(),
    page_size: z.number().int(),
    total_is_estimate: z.boolean().meta({ description: 'true when `total` is an estimate (more than 10,000 match)' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  });

/** `data` of a plain acknowledgement: nothing, the message says what happened. */
export const acknowledgement = z.null().meta({ description: 'Nothing: the message says what happened' });
