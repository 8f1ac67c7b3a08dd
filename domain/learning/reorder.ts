/**
 * A reorder names exactly the current items, each once (modules of a course, contract §6's
 * question reorder alike): anything missing, extra, foreign or repeated is refused.
 */
export function isExactPermutation(current: readonly string[], requested: readonly string[]): boolean {
  if (current.length !== requested.length) return false;
  const want = new Set(current);
  const seen = new Set<string>();
  for (const id of requested) {
    if (!want.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
