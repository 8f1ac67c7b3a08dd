// `npm run build`: compiles the service to dist/ with tsc (source maps on). Plain JavaScript, as
// scripts/launch.mjs, so neither needs tsx.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('../', import.meta.url);
const dist = new URL('dist/', root);

// From scratch: a source removed since the last build (a migration above all) must not linger.
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});

// dist/ is its own package root: ESM, and the version infrastructure/version.ts reads. Written
// last, its time is the build's: launch.mjs compares the sources with it.
const { name, version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
writeFileSync(new URL('package.json', dist), `${JSON.stringify({ name, version, type: 'module', private: true }, null, 2)}\n`);
