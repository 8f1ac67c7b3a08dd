/**
 * Money (contract §2: a number in the currency's unit, with `currency`). An amount is a decimal
 * with at most two places, as the `numeric(14, 2)` columns hold it. Inside the service (entities,
 * ports, repositories, use cases) an amount is a `Minor`: its whole hundredths as a `bigint`,
 * exact, so 0.1 + 0.2 is 10n + 20n = 30n. It is a plain `bigint` rather than a branded one on
 * purpose: TypeScript already refuses to mix `bigint` and `number` in arithmetic (`price * 1.1`,
 * `total + 0.5` do not compile), which is the guarantee that matters (no binary float ever), and a
 * brand would be lost by every `+`, `-` and `*` and need a cast after each sum.
 *
 * An amount crosses a boundary only as decimal text or through these helpers: database `numeric`
 * text and gateway texts (`"150000.00"`) are read digit by digit (`toMinor`, `minorOf`, never
 * `Number()`), written with `formatMinor`; the HTTP edge reads a JSON number or string with
 * `minorOf` and answers the JSON number the contract requires with `fromMinor`, the one way out.
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

const EXACT_IN_DOUBLE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The JSON number of an exact amount (`1999999n` → 19999.99): the double whose shortest text, the
 * one `JSON.stringify` writes, is the amount's decimal. The only way out to the wire (answers,
 * gateway bodies); never computed with.
 */
export const fromMinor = (m: Minor): number =>
  // Up to 2⁵³ a bigint becomes a double exactly and the division rounds once, to the double nearest
  // the amount: the one its decimal text parses to, without writing and parsing the text.
  m <= EXACT_IN_DOUBLE && m >= -EXACT_IN_DOUBLE ? Number(m) / 100 : Number(formatMinor(m));

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
 * An amount from JSON stored before amounts were checked at the edge (order lines, price tiers in
 * jsonb may hold `1.234`): any decimal (its text, or a number's shortest text: `10.005`), rounded
 * half away from zero to hundredths, exactly: 10.005 is 1001n although the double nearest to
 * 10.005 lies below it.
 */
export function amountNear(amount: number | string): Minor {
  const m = ANY_DECIMAL.exec(typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim());
  if (!m) throw new RangeError(`not a decimal: ${String(amount)}`);
  const fraction = m[3] ?? '';
  const scaled = BigInt(m[2]! + fraction) * (m[1] ? -1n : 1n);
  return fraction.length <= 2 ? scaled * 10n ** BigInt(2 - fraction.length) : divRound(scaled, 10n ** BigInt(fraction.length - 2));
}

/**
 * `percent` of `m`, the percentage in hundredths like an amount (a percentage has at most two
 * decimals: 15 % is 1500n, 12.5 % is 1250n), rounded half away from zero to the currency.
 */
export function percentOfMinor(m: Minor, percent: Minor, currency: string): Minor {
  const step = stepOf(currency);
  // m × (percent in hundredths) / 100 / 100 is in hundredths; divided once more by the step, rounded, times the step.
  return divRound(m * percent, 10_000n * step) * step;
}

/** The exact sum of amounts. */
export const sumMinor = (amounts: Iterable<Minor>): Minor => {
  let sum = 0n;
  for (const a of amounts) sum += a;
  return sum;
};
