import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import semver from 'semver';

interface Lockfile {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;

/** Each installed package's Node range, from the lockfile npm ci installs. */
const dependencyRanges = Object.entries(lockfile.packages)
  .filter(([path]) => path !== '')
  .flatMap(([path, entry]) => {
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    return range ? [{ name: path.replace(/^.*node_modules\//, ''), range }] : [];
  });

describe('package.json engines', () => {
  it('declares the oldest Node every installed dependency allows', () => {
    const oldest = semver.minVersion(manifest.engines.node);
    expect(oldest, manifest.engines.node).to.not.equal(null);
    const refusing = dependencyRanges.filter(({ range }) => !semver.satisfies(oldest!, range));
    expect(refusing, `Node ${oldest!.version}`).to.deep.equal([]);
  });

  it('is no wider than that: the Node before it is refused by some dependency', () => {
    const oldest = semver.minVersion(manifest.engines.node)!;
    const previous = oldest.patch > 0 ? `${oldest.major}.${oldest.minor}.${oldest.patch - 1}` : `${oldest.major}.${oldest.minor - 1}.99`;
    expect(
      dependencyRanges.some(({ range }) => !semver.satisfies(previous, range)),
      previous,
    ).to.equal(true);
  });
});
