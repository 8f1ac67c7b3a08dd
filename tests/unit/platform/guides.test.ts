import { readFileSync } from 'node:fs';
import { expect } from 'chai';

/**
 * The guides of docs/guides/ walk through scripts that CI runs (examples/run.sh). A page's `sh` and
 * `ts` code blocks are excerpts of its script, copied verbatim, and together they show every
 * numbered step: change the script without the page (or the reverse) and this fails. Blocks in
 * other languages (`console` commands to type, `json` answers) are free text.
 */
const GUIDES = [
  { page: 'docs/guides/student-app.md', script: 'examples/guides/student-app.ts', lang: 'ts' },
  { page: 'docs/guides/run-a-school.md', script: 'examples/guides/run-a-school.sh', lang: 'sh' },
  { page: 'docs/guides/connect-ads.md', script: 'examples/guides/connect-ads.sh', lang: 'sh' },
] as const;

function codeBlocks(markdown: string): Array<{ lang: string; lines: string[] }> {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, lines: m[2]!.replace(/\n$/, '').split('\n') }));
}

/** Where `excerpt` occurs in `lines` as consecutive lines, or -1. */
function indexOfLines(lines: string[], excerpt: string[]): number {
  for (let i = 0; i + excerpt.length <= lines.length; i++) {
    if (excerpt.every((line, k) => lines[i + k] === line)) return i;
  }
  return -1;
}

describe('guides: each page says what its script does', () => {
  for (const { page, script, lang } of GUIDES) {
    describe(page, () => {
      const markdown = readFileSync(page, 'utf8');
      const source = readFileSync(script, 'utf8').split('\n');
      const blocks = codeBlocks(markdown).filter((b) => b.lang === 'sh' || b.lang === 'ts');

      it(`links to ${script} and shows its code as ${lang} blocks`, () => {
        expect(markdown).to.include(`(../../${script})`);
        expect(blocks.length).to.be.greaterThan(3);
        expect(blocks.map((b) => b.lang)).to.deep.equal(blocks.map(() => lang));
      });

      it('copies every code block verbatim from the script', () => {
        for (const block of blocks) {
          expect(indexOfLines(source, block.lines), `not in ${script}:\n${block.lines.join('\n')}`).to.be.at.least(0);
        }
      });

      it('shows every numbered step of the script', () => {
        const shown = new Set(blocks.flatMap((b) => b.lines));
        const steps = source.filter((line) => /^(#|\/\/) \d+\. /.test(line));
        expect(steps.length).to.be.greaterThan(5);
        for (const step of steps) expect(shown.has(step), `step missing from ${page}: ${step}`).to.equal(true);
      });
    });
  }

  it('the scripts are what CI runs', () => {
    const run = readFileSync('examples/run.sh', 'utf8');
    for (const { script } of GUIDES) expect(run).to.include(script);
    expect(run).to.include('npm run --silent seed -- --demo');
  });

  it('a block that drifted from its script is caught', () => {
    const source = ['# 1. Log in.', 'TOKEN=$(login)', '# 2. Call.', 'call "$TOKEN"'];
    expect(indexOfLines(source, ['# 1. Log in.', 'TOKEN=$(login)'])).to.equal(0);
    expect(indexOfLines(source, ['# 1. Log in.', 'TOKEN=$(login --now)'])).to.equal(-1);
    expect(indexOfLines(source, ['# 1. Log in.', 'call "$TOKEN"'])).to.equal(-1);
  });
});
