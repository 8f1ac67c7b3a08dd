/** Money rules of contract §2: a number in the currency's unit, rounded to what the currency has. */

/** Currencies without minor units in practice (and for payment gateways such as Midtrans: IDR is whole rupiah). */
const ZERO_DECIMAL = new Set(['IDR', 'JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX']);

export const decimalsOf = (currency: string): number => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);

/** Half away from zero, to the currency's decimals. */
export function roundMoney(amount: number, currency: string): number {
  const f = 10 ** decimalsOf(currency);
  return Math.sign(amount) * Math.round(Math.abs(amount) * f + 1e-9) / f;
}

/** Equality in cents, so `"150000.00"` from a gateway equals 150000. */
export const sameAmount = (a: number, b: number): boolean => Math.round(a * 100) === Math.round(b * 100);
