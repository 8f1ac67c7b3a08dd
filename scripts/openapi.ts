/**
 * Writes `/api/openapi.json` of a freshly composed application (embedded database in memory) to a
 * file, after checking it against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator).
 * Usage: `npx tsx scripts/openapi.ts [out.json]` (default examples/generated/openapi.json).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import supertest from 'supertest';
import { buildApplication } from '../composition/container.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';

const out = process.argv[2] ?? 'examples/generated/openapi.json';
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-openapi-')), LOG_LEVEL: 'silent' }, packageVersion);
const app = await buildApplication(config, { inMemoryDatabase: true, logger: createLogger('silent'), runWorkers: false, schedules: false });
try {
  const doc = (await supertest(app.callback).get('/api/openapi.json')).body as Record<string, unknown>;
  const result = await new Validator().validate(doc);
  if (!result.valid) {
    console.error('The OpenAPI document is not valid OpenAPI 3.1:', JSON.stringify(result.errors, null, 2).slice(0, 4000));
    process.exitCode = 1;
  } else {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
    const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
    console.log(`${out}: valid OpenAPI ${String(doc.openapi)}, ${operations} operations`);
  }
} finally {
  await app.close();
}
