/**
 * Money (contract §2: a number in the currency's unit, with `currency`). An amount is a decimal
 * with at most two places, as the `numeric(14, 2)` columns hold it. On the wire and in entities it
 * is a JS number, which stands for its shortest decimal text (`19999.99`): that text is exact up to
 * 15 significant digits, more than a `numeric(14, 2)` has. No arithmetic is ever done on those
 * numbers (0.1 + 0.2 is not 0.3 in binary floating point): every sum, product and percentage runs
 * on whole hundredths of the unit as `bigint` (`Minor`), and only its exact result is turned back
 * into a number. Decimal texts from the database or a gateway (`"150000.00"`) are read digit by
 * digit, never through `Number()`.
 */

/** An amount in hundredths of the currency's unit (sen, cents), exact. */
export type Minor = bigint;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The exact hundredths of a decimal text (`"150000.00"`, `"0.1"`) or of a number holding an
 * amount; null when it is not a decimal with at most two places (`"1.234"`, `"1e3"`, NaN).
 */
export function minorOf(value: string | number): Minor | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const units = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -units : units;
}

/** Like `minorOf`, for values that must already be amounts (entities, database columns): anything else is a bug. */
export function toMinor(value: string | number): Minor {
  const m = minorOf(value);
  if (m === null) throw new RangeError(`not an amount with at most two decimals: ${String(value)}`);
  return m;
}

/** The decimal text of an amount, always two places (`1999999` → `"19999.99"`): what numeric columns and gateways take. */
export function formatMinor(m: Minor): string {
  const abs = m < 0n ? -m : m;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${m < 0n ? '-' : ''}${abs / 100n}.${cents}`;
}

/** The number of an exact amount: the double whose shortest text is the decimal (`1999999n` → 19999.99). */
export const fromMinor = (m: Minor): number => Number(formatMinor(m));

/** An amount's exact two-place text (`19999.99` → `"19999.99"`, `150000` → `"150000.00"`). */
export const formatAmount = (amount: number | string): string => formatMinor(toMinor(amount));

/** A numeric column's text (or a number holding an amount) as the amount's number, read exactly. */
export const amountOf = (value: string | number): number => fromMinor(toMinor(value));

/** Currencies without minor units in practice (and for payment gateways such as Midtrans: IDR is whole rupiah). */
const ZERO_DECIMAL = new Set(['IDR', 'JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX']);

export const decimalsOf = (currency: string): number => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);

/** `n / d` rounded half away from zero (d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** One step of the currency's smallest unit, in hundredths (100 for IDR, 1 for USD). */
const stepOf = (currency: string): bigint => 10n ** BigInt(2 - decimalsOf(currency));

/** Hundredths rounded half away from zero to what the currency has (whole rupiah for IDR). */
export const roundMinor = (m: Minor, currency: string): Minor => {
  const step = stepOf(currency);
  return divRound(m, step) * step;
};

const ANY_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Any decimal (its text, or a number's shortest text: `10.005`), rounded half away from zero to
 * the currency's decimals, exactly: `roundMoney(10.005, 'USD')` is 10.01 although the double
 * nearest to 10.005 lies below it.
 */
export function roundMoney(amount: number | string, currency: string): number {
  return fromMinor(hundredthsNear(amount, decimalsOf(currency)));
}

/** Any decimal rounded half away from zero to `places` (0–2) decimals, in hundredths, exactly (one rounding, never two). */
function hundredthsNear(amount: number | string, places = 2): Minor {
  const m = ANY_DECIMAL.exec(typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim());
  if (!m) throw new RangeError(`not a decimal: ${String(amount)}`);
  const fraction = m[3] ?? '';
  const scaled = BigInt(m[2]! + fraction) * (m[1] ? -1n : 1n);
  const rounded = fraction.length <= places ? scaled * 10n ** BigInt(places - fraction.length) : divRound(scaled, 10n ** BigInt(fraction.length - places));
  return rounded * 10n ** BigInt(2 - places);
}

/**
 * An amount from JSON stored before amounts were checked at the edge (order lines, price tiers in
 * jsonb may hold `1.234`): any decimal, rounded half away from zero to hundredths, exactly.
 */
export const amountNear = (value: number | string): number => fromMinor(hundredthsNear(value));

/** `percent` % of `m` (a percentage with at most two decimals, e.g. 15 or 12.5), rounded half away from zero to the currency. */
export function percentOfMinor(m: Minor, percent: number, currency: string): Minor {
  const step = stepOf(currency);
  // m × (percent in hundredths) / 100 / 100 is in hundredths; divided once more by the step, rounded, times the step.
  return divRound(m * toMinor(percent), 10_000n * step) * step;
}

/** Equality of two amounts, exactly (`"150000.00"` from a gateway equals 150000); false when either is not an amount. */
export function sameAmount(a: string | number, b: string | number): boolean {
  const x = minorOf(a);
  const y = minorOf(b);
  return x !== null && y !== null && x === y;
}

/** The exact sum of amounts. */
export const sumAmounts = (amounts: readonly number[]): number => fromMinor(amounts.reduce((s, a) => s + toMinor(a), 0n));
