// Preloaded (NODE_OPTIONS=--import) by tests/system/tracing.test.ts: appends to OTEL_PROBE_FILE
// every @opentelemetry module the process loads, ESM ones as they resolve (a loader hook) and
// CommonJS ones at exit (the require cache), so a test can tell whether tracing loaded anything.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import process from 'node:process';

const file = process.env.OTEL_PROBE_FILE;
if (file) {
  register('./otel-probe-hooks.mjs', import.meta.url, { data: { file } });
  const cache = createRequire(import.meta.url).cache;
  process.on('exit', () => {
    const loaded = Object.keys(cache).filter((path) => path.includes('@opentelemetry'));
    if (loaded.length > 0) appendFileSync(file, `${loaded.join('\n')}\n`);
  });
}
