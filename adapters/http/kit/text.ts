import { invalidField } from './errors.js';

/*
 * Text PostgreSQL cannot store: a NUL character makes any text or jsonb parameter fail (a 500
 * with the SQL in the log), and an unpaired UTF-16 surrogate is no Unicode at all (the driver
 * would silently store U+FFFD instead). Both are refused at the edge, for every string of a
 * request, before any schema sees it.
 */
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'g');

export const isBadText = (s: string): boolean => BAD_TEXT.test(s);

/** A value met in the walk, with the way back to the root (a path per value would be quadratic). */
interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

const pathOf = (step: Step, last?: string): string => {
  const keys = last === undefined ? [] : [last];
  for (let s: Step | null = step; s?.parent; s = s.parent) keys.push(s.key);
  return keys.reverse().join('.') || 'body';
};

/**
 * The path ("field.sub.0") of a string, or object key, holding bad text; null when
 * there is none. Iterative: a parsed JSON body may nest deeper than the call stack allows.
 */
export function badTextPath(value: unknown): string | null {
  const stack: Step[] = [{ value, key: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (isBadText(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      v.forEach((child, i) => stack.push({ value: child, key: String(i), parent: step }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (isBadText(key)) return pathOf(step, key.replace(BAD_TEXT_ALL, '?'));
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}

/** Each request string in turn (query, path parameters, body fields); 400 `Invalid parameters` at the first bad one. */
export function refuseBadText(...values: unknown[]): void {
  for (const value of values) {
    const path = badTextPath(value);
    if (path !== null) {
      throw invalidField(path, 'contains a NUL character or an unpaired surrogate');
    }
  }
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * 400 when a percent-encoded run of the request target is not UTF-8 (`%ED%A0%80`, a surrogate's
 * bytes, or `%FF`): the query parser would turn it into U+FFFD and the router keep it encoded,
 * so the route would work on text the caller never sent.
 */
export function refuseMalformedUrl(target: string): void {
  // Most targets hold no escape at all: `matchAll` would still clone the expression every call.
  if (!target.includes('%')) return;
  for (const [run] of target.matchAll(PERCENT_RUN)) {
    try {
      utf8.decode(Buffer.from(run.replaceAll('%', ''), 'hex'));
    } catch {
      throw invalidField('url', `${run} is not UTF-8`);
    }
  }
}
