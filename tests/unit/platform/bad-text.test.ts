import { expect } from 'chai';
import fc from 'fast-check';
import { badTextPath, isBadText, refuseMalformedUrl } from '../../../adapters/http/kit/text.js';

/** `String.prototype.isWellFormed` (ES2024, Node 20) as the oracle of "no unpaired surrogate". */
const wellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

describe('edge text: NUL characters and unpaired surrogates', () => {
  it('isBadText is exactly "holds a NUL or is not well-formed UTF-16", for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        expect(isBadText(s), JSON.stringify(s)).to.equal(s.includes('\0') || !wellFormed(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the first bad string or key at any depth, iteratively (no stack overflow)', () => {
    expect(badTextPath({ a: ['ok', { b: 'x\uDC00' }] })).to.equal('a.1.b');
    expect(badTextPath({ ['k\0y']: 1 })).to.equal('k?y');
    expect(badTextPath('\uD800')).to.equal('body');
    expect(badTextPath({ a: 'fine \u{1F600}', n: 1, z: null, t: true })).to.equal(null);
    let deep: unknown = 'leaf\0';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(badTextPath(deep)).to.equal(`${'0.'.repeat(200_000)}`.slice(0, -1));
  });

  it('refuses percent-escapes that are not UTF-8, and only those', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        expect(() => refuseMalformedUrl(`/x?q=${encodeURIComponent(s)}`)).not.to.throw();
      }),
    );
    for (const bad of ['%ED%A0%80', '%ED%BF%BF', '%FF', '%C3', '%C3%28', '%F0%9F%98'])
      expect(() => refuseMalformedUrl(`/x?q=${bad}`), bad).to.throw('Invalid parameters');
    expect(() => refuseMalformedUrl('/x?q=100%&r=%zz')).not.to.throw();
  });
});
