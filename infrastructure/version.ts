import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export const packageVersion: string = pkg.version;

/** What this process runs, said in its start log: the compiled build (`npm run build`) or the TypeScript sources through tsx. */
export const runningFrom: 'dist' | 'tsx' = import.meta.url.endsWith('.js') ? 'dist' : 'tsx';
