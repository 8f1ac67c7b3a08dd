import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `npm run seed` as a newcomer meets it: asking for help, or mistyping an option, seeds nothing. */
describe('seed command line', function () {
  this.timeout(60_000);
  const seed = (...args: string[]) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], { env, encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr, written: readdirSync(dataDir) };
  };

  it('answers --help with its usage and seeds nothing', () => {
    const help = seed('--help');
    expect([help.status, help.written]).to.deep.equal([0, []]);
    expect(help.stdout).to.match(/^usage: npm run seed -- --scale N/);
  });

  it('refuses an unknown option or a scale that is not a positive number, and seeds nothing', () => {
    for (const args of [
      ['--scales', '2'],
      ['--scale', '0'],
      ['--scale', 'many'],
    ]) {
      const refused = seed(...args);
      expect([refused.status, refused.written], args.join(' ')).to.deep.equal([1, []]);
      expect(refused.stderr).to.include('usage: npm run seed');
    }
    expect(seed('--scales', '2').stderr).to.match(/^unknown option --scales/);
  });
});
