import { expect } from 'chai';
import fc from 'fast-check';
import {
  amountNear,
  decimalsOf,
  formatMinor,
  fromMinor,
  minorOf,
  percentOfMinor,
  sumMinor,
  toMinor,
} from '../../../domain/shared/money.js';
import { discountFor, lineAmount, quote } from '../../../domain/commerce/pricing.js';

// Amounts as a numeric(14, 2) column holds them: whole hundredths up to 10¹² − 0.01.
const minor = fc.bigInt({ min: 0n, max: 99_999_999_999_999n });
// A percentage in hundredths (0 % to 100 %), as a promo code's value holds it.
const percent = fc.bigInt({ min: 0n, max: 10_000n });
const currency = fc.constantFrom('IDR', 'USD');

describe('money: exact amounts (property)', () => {
  it('parse and format round-trip: hundredths ↔ decimal text ↔ number', () => {
    fc.assert(
      fc.property(minor, (m) => {
        const text = formatMinor(m);
        expect(text).to.match(/^\d+\.\d{2}$/);
        expect(minorOf(text)).to.equal(m);
        expect(toMinor(fromMinor(m))).to.equal(m);
        // The JSON number written for the wire is the exact decimal, trailing zeros aside.
        expect(JSON.stringify(fromMinor(m))).to.equal(text.replace(/\.?0+$/, ''));
      }),
    );
  });

  it('answers the double its decimal text parses to, by division up to 2⁵³ hundredths and by the text beyond', () => {
    const anyMinor = fc.oneof(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), fc.bigInt({ min: -(2n ** 54n), max: 2n ** 54n }), minor);
    fc.assert(
      fc.property(anyMinor, (m) => Object.is(fromMinor(m), Number(formatMinor(m)))),
      { numRuns: 20_000 },
    );
    for (const m of [0n, 1n, -1n, 5n, 10n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 99_999_999_999_999n])
      expect(fromMinor(m)).to.equal(Number(formatMinor(m)));
  });

  it('reads the database and gateway texts exactly, refuses what is no two-decimal amount', () => {
    expect(toMinor('150000.00')).to.equal(15_000_000n);
    expect(toMinor('19999.99')).to.equal(1_999_999n);
    expect(toMinor('999999999999.99')).to.equal(99_999_999_999_999n);
    expect(fromMinor(99_999_999_999_999n)).to.equal(999999999999.99);
    expect(formatMinor(1_999_999n)).to.equal('19999.99');
    expect(formatMinor(toMinor(0.1))).to.equal('0.10');
    expect(minorOf('0.1')).to.equal(10n);
    expect(minorOf(0.1 + 0.2)).to.equal(null);
    for (const bad of ['1.234', '1e3', '', 'abc', '12,50', Number.NaN, Number.POSITIVE_INFINITY]) expect(minorOf(bad)).to.equal(null);
    expect(() => toMinor('1.234')).to.throw(RangeError);
    expect(minorOf('150000.00')).to.equal(minorOf(150000));
    expect(minorOf('150000.001')).to.equal(null);
  });

  it('sums never drift: 0.1 + 0.2 is 0.3, and the sum of lines is their exact total', () => {
    expect(fromMinor(sumMinor([toMinor(0.1), toMinor(0.2)]))).to.equal(0.3);
    // A thousand 0.10s are 100.00 (as doubles they drift to 99.9999999999986).
    expect(formatMinor(sumMinor(Array.from({ length: 1000 }, () => toMinor('0.10'))))).to.equal('100.00');
    fc.assert(
      fc.property(
        fc.array(
          minor.map((m) => m / 1000n),
          { maxLength: 30 },
        ),
        (ms) => {
          expect(toMinor(fromMinor(sumMinor(ms)))).to.equal(ms.reduce((s, m) => s + m, 0n));
        },
      ),
    );
  });

  it('a quote adds up: subtotal = Σ lines (rounded to the currency), subtotal = discount + total, all exact', () => {
    const line = fc.record({ unit: minor.map((m) => m / 1000n), qty: fc.integer({ min: 1, max: 50 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.option(percent), currency, (lines, pct, cur) => {
        const amounts = lines.map((l) => lineAmount(l.unit, l.qty, cur));
        const q = quote(amounts, pct === null ? null : { type: 'percent', value: pct }, cur);
        const step = 10n ** BigInt(2 - decimalsOf(cur));
        for (const a of amounts) expect(a % step).to.equal(0n);
        expect(q.subtotal).to.equal(amounts.reduce((s, a) => s + a, 0n));
        expect(q.discount + q.total).to.equal(q.subtotal);
        expect(q.discount >= 0n && q.discount <= q.subtotal).to.equal(true);
        expect(q.discount % step).to.equal(0n);
      }),
    );
  });

  it('a percent discount is the exact percentage rounded half away from zero to the currency', () => {
    fc.assert(
      fc.property(minor, percent, currency, (m, pct, cur) => {
        const d = discountFor({ type: 'percent', value: pct }, m, cur);
        const step = 10n ** BigInt(2 - decimalsOf(cur));
        // The exact value is m × pct / 100 hundredths: the rounding error is at most half a step.
        const exactTimes10000 = m * pct;
        const diff = d * 10_000n - exactTimes10000;
        expect((diff < 0n ? -diff : diff) * 2n <= step * 10_000n).to.equal(true);
        // The discount is that percentage, capped at the price (a 100 % discount of a price with more
        // decimals than its currency rounds above it).
        const p = percentOfMinor(m, pct, cur);
        expect(d).to.equal(p > m ? m : p);
      }),
    );
    expect(discountFor({ type: 'percent', value: toMinor(15) }, toMinor(19999.99), 'USD')).to.equal(toMinor(3000));
    expect(discountFor({ type: 'percent', value: toMinor(12.5) }, toMinor(10.1), 'USD')).to.equal(toMinor(1.26));
    expect(discountFor({ type: 'percent', value: toMinor(15) }, toMinor(20000), 'IDR')).to.equal(toMinor(3000));
    // fast-check's counterexample of 2026-11-26: 100 % of 999865624708.50 in IDR rounds to 999865624709, capped at the price.
    expect(discountFor({ type: 'percent', value: toMinor(100) }, toMinor(999865624708.5), 'IDR')).to.equal(toMinor(999865624708.5));
  });

  it('rounding to hundredths is exact on decimals a double cannot hold', () => {
    expect(amountNear(10.005)).to.equal(1001n);
    expect(amountNear(1.005)).to.equal(101n);
    expect(amountNear(2.675)).to.equal(268n);
    expect(amountNear('-0.005')).to.equal(-1n);
    // One rounding: 0.00499 is 0, not 0.005 and then 0.01.
    expect(amountNear('0.00499')).to.equal(0n);
    expect(amountNear(1.234)).to.equal(123n);
    expect(amountNear('0.30000000000000004')).to.equal(30n);
    expect(lineAmount(toMinor(19999.99), 3, 'USD')).to.equal(toMinor(59999.97));
    expect(lineAmount(toMinor(19999.99), 1, 'IDR')).to.equal(toMinor(20000));
  });
});
