import { expect } from 'chai';
import { BoundedLru } from '../../../infrastructure/db/bounded-lru.js';

describe('bounded LRU (the embedded engine\'s kept answers)', () => {
  it('drops the least recently used beyond its count, a read counting as a use', () => {
    const lru = new BoundedLru<string>(2, 1_000);
    lru.set('a', 'A', 1);
    lru.set('b', 'B', 1);
    expect(lru.get('a')).to.equal('A');
    lru.set('c', 'C', 1);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).to.deep.equal(['A', undefined, 'C']);
  });

  it('keeps within its bytes, counting a replaced value once, and forgets everything on clear', () => {
    const lru = new BoundedLru<string>(10, 10);
    lru.set('a', 'A', 4);
    lru.set('a', 'A2', 4);
    lru.set('b', 'B', 4);
    expect([lru.get('a'), lru.get('b')]).to.deep.equal(['A2', 'B']);
    lru.set('c', 'C', 4);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).to.deep.equal([undefined, 'B', 'C']);
    lru.delete('b');
    lru.set('d', 'D', 6);
    expect([lru.get('c'), lru.get('d')]).to.deep.equal(['C', 'D']);
    lru.clear();
    expect(lru.get('c')).to.equal(undefined);
    lru.set('e', 'E', 10);
    expect(lru.get('e')).to.equal('E');
  });
});
