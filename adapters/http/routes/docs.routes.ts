import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { z } from 'zod';
import { buildOpenApi } from '../kit/openapi.js';
import type { RouteModule } from '../kit/route-table.js';
import { sendRaw } from './route-helpers.js';
import { edgeErrors, type ErrorTable } from '../kit/errors.js';

const swaggerDir = join(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'), '..');
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true });`;

/**
 * The OpenAPI document and a human reference page, served offline from swagger-ui-dist. None of
 * it counts against the rate limit: the page loads several assets at once, and reading the
 * reference must never end in a 429.
 */
export const docsRoutes =
  (info: { title: string; version: string }, errorTable: ErrorTable): RouteModule =>
  (r) => {
    let cached: unknown = null;
    // Nothing here answers an error of its own; none of it is rate limited (above).
    const docs = { errors: edgeErrors([]), access: 'public', rateLimit: 'exempt', tags: ['docs'] } as const;
    r.get(
      '/api/openapi.json',
      {
        ...docs,
        operationId: 'getOpenApiDocument',
        summary: 'OpenAPI 3.1 document',
        produces: 'application/json',
        producesSchema: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      },
      async ({ ctx }) => {
        cached ??= buildOpenApi(r.entries, info, errorTable);
        return sendRaw(ctx, 'application/json', cached);
      },
    );
    const texts = [
      ['/api/docs', 'getApiReferencePage', 'API reference page', 'text/html', PAGE],
      ['/api/docs/init.js', 'getApiReferenceScript', 'API reference page script', 'application/javascript', INIT],
    ] as const;
    for (const [path, operationId, summary, type, body] of texts)
      r.get(path, { ...docs, operationId, summary, produces: type, producesSchema: z.string() }, async ({ ctx }) =>
        sendRaw(ctx, `${type}; charset=utf-8`, body),
      );
    r.get(
      '/api/docs/assets/:name',
      {
        ...docs,
        operationId: 'getApiReferenceAsset',
        summary: 'API reference page assets',
        params: z.object({ name: z.enum(Object.keys(ASSETS) as [string, ...string[]]) }),
        produces: ['text/css', 'application/javascript'],
        producesSchema: z.string(),
      },
      async ({ ctx, params }) =>
        sendRaw(ctx, ASSETS[params.name]!, createReadStream(join(swaggerDir, params.name)), { 'Cache-Control': 'public, max-age=86400' }),
    );
  };
