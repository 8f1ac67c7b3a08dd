// `npm start`, `npm run worker`, `npm run migrate`: runs the compiled build (dist/) when it is
// current; otherwise, in development only, the TypeScript sources through tsx. Production never
// runs tsx (a start would compile at every boot) nor a build older than its sources.
//
//   node scripts/launch.mjs composition/http-main
//   node scripts/launch.mjs --check composition/http-main   (exit 0 when dist/ is current, 1 with the reason)
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const check = process.argv[2] === '--check';
const entry = process.argv[check ? 3 : 2];
if (!entry || !/^[\w/-]+$/.test(entry)) {
  console.error('usage: node scripts/launch.mjs <entry without extension>, e.g. composition/http-main');
  process.exit(2);
}
const SOURCE_DIRS = ['domain', 'application', 'adapters', 'infrastructure', 'composition', 'scripts'];
const SOURCE_FILES = ['package.json', 'tsconfig.json', 'tsconfig.build.json'];

/** Why dist/ cannot run, or null when it was built after every source it came from was last changed. */
function staleness() {
  const stamp = new URL('dist/package.json', root);
  if (!existsSync(stamp) || !existsSync(new URL(`dist/${entry}.js`, root))) return 'dist/ is missing: run `npm run build`';
  const built = statSync(stamp).mtimeMs;
  // An image holds dist/ alone: no source is there to be newer.
  for (const file of SOURCE_FILES) {
    const url = new URL(file, root);
    if (existsSync(url) && statSync(url).mtimeMs > built) return `${file} changed after the last build: run \`npm run build\``;
  }
  for (const dir of SOURCE_DIRS) {
    const base = new URL(`${dir}/`, root);
    if (!existsSync(base)) continue;
    for (const file of readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (file.isFile() && file.name.endsWith('.ts') && statSync(`${file.parentPath ?? file.path}/${file.name}`).mtimeMs > built) {
        return `${dir}/ changed after the last build: run \`npm run build\``;
      }
    }
  }
  return null;
}

const stale = staleness();
if (check) {
  if (stale) console.error(stale);
  process.exit(stale ? 1 : 0);
} else if (!stale) {
  // Stack traces name the TypeScript lines (tsc writes the maps).
  process.setSourceMapsEnabled(true);
  await import(new URL(`dist/${entry}.js`, root).href);
} else if (process.env.NODE_ENV === 'production') {
  console.error(`Cannot start with NODE_ENV=production: ${stale}`);
  process.exit(1);
} else {
  // tsx is a development dependency: loaded only here, never in production.
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL(`${entry}.ts`, root).href);
}
