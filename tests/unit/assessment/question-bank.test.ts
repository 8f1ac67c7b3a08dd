import { expect } from 'chai';
import { drawRandomSlots, subtreeIds, wouldCycle, type RandomSlot } from '../../../domain/assessment/question-bank.js';
import { categoryPath } from '../../../domain/assessment/import/moodle-xml.js';

const slot = (id: string, count: number, order = 1): RandomSlot => ({
  id,
  tenantId: 't',
  quizId: 'q',
  categoryId: 'c',
  includeSubcategories: false,
  count,
  points: 1,
  order,
  createdAt: new Date(0),
});
const pool = (n: number, prefix = 'q') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('question bank (domain)', () => {
  it('walks a category tree: subtree, and moves that would go below themselves', () => {
    const tree = [
      { id: 'a', parentId: null },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'b' },
      { id: 'd', parentId: 'a' },
      { id: 'e', parentId: null },
    ];
    expect(subtreeIds(tree, 'a')).to.deep.equal(['a', 'b', 'd', 'c']);
    expect(subtreeIds(tree, 'e')).to.deep.equal(['e']);
    expect(wouldCycle(tree, 'a', 'c')).to.equal(true);
    expect(wouldCycle(tree, 'a', 'a')).to.equal(true);
    expect(wouldCycle(tree, 'b', 'e')).to.equal(false);
  });

  it('draws count distinct questions per slot, the same for the same seed, never a fixed one nor one drawn twice', () => {
    const slots = [slot('s1', 3), slot('s2', 3, 2)];
    const candidates = pool(8);
    const fixed = new Set(['q0', 'q1']);
    const draw = (seed: number) => drawRandomSlots(slots, () => candidates, fixed, seed);
    const a = draw(42);
    if (!a.ok) throw new Error('draw');
    const ids = a.draws.flatMap((d) => d.questionIds);
    expect(a.draws.map((d) => d.questionIds.length)).to.deep.equal([3, 3]);
    expect(new Set(ids).size).to.equal(6);
    expect(ids.some((id) => fixed.has(id))).to.equal(false);
    expect(draw(42)).to.deep.equal(a);
    const seen = new Set(
      Array.from({ length: 20 }, (_, s) => {
        const d = draw(s);
        return d.ok ? d.draws[0]!.questionIds.join() : '';
      }),
    );
    expect(seen.size).to.be.greaterThan(10);
  });

  it('names the slot that cannot be filled and how many questions it has left', () => {
    const slots = [slot('s1', 4), slot('s2', 3, 2)];
    const r = drawRandomSlots(slots, () => pool(6), new Set(['q5']), 1);
    expect(r.ok).to.equal(false);
    if (r.ok) return;
    expect(r.slot.id).to.equal('s2');
    expect(r.available).to.equal(1);
  });

  it('reads Moodle category paths below the course top, `//` a slash in a name', () => {
    expect(categoryPath('$course$/top/Algebra/Linear//Affine')).to.deep.equal(['Algebra', 'Linear/Affine']);
    expect(categoryPath('$course$/top')).to.deep.equal([]);
    expect(categoryPath(' $system$/top/Shared ')).to.deep.equal(['Shared']);
    expect(categoryPath('Plain/Path')).to.deep.equal(['Plain', 'Path']);
  });
});
