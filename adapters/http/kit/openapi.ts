import { z, type ZodType } from 'zod';
import type { RouteEntry } from './route-table.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: ZodType): JsonSchema => {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
};

const envelope = (data: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, data },
});

const errorEnvelope = {
  description: 'Error envelope',
  content: { 'application/json': { schema: { type: 'object', properties: { success: { const: false }, message: { type: 'string' }, error: { type: 'string' } } } } },
};

const accessText = (access: RouteEntry['spec']['access']): string =>
  access === 'public' ? 'Public' : access === 'optional' ? 'Public; a login is used when present' : `Role ${access} or above`;

/**
 * OpenAPI 3.1 built from the same zod schemas that validate requests (contract §2), so the
 * document cannot drift from what the server accepts.
 */
export function buildOpenApi(routes: RouteEntry[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, spec } of routes) {
    const oaPath = path.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', spec.params], ['query', spec.query]] as const) {
      if (!schema) continue;
      const json = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: s });
      }
    }
    for (const name of [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
      if (!parameters.some((p) => (p as { name: string }).name === name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
    const op: Record<string, unknown> = {
      summary: spec.summary,
      description: [spec.description, `Access: ${accessText(spec.access)}.`, spec.rateLimit && spec.rateLimit !== 'exempt' ? `Rate limit: ${spec.rateLimit}.` : '']
        .filter(Boolean)
        .join('\n\n'),
      tags: spec.tags ?? [path.split('/')[2] ?? 'api'],
      parameters,
      responses: {
        200: spec.produces
          ? { description: 'Success', content: { [spec.produces]: {} } }
          : { description: 'Success envelope', content: { 'application/json': { schema: envelope() } } },
        400: errorEnvelope,
        ...(spec.access !== 'public' ? { 401: errorEnvelope, 403: errorEnvelope } : {}),
        404: errorEnvelope,
        429: errorEnvelope,
      },
    };
    if (spec.access !== 'public') op.security = [{ bearer: [] }, { session: [] }];
    if (spec.bodyKind?.kind === 'multipart') {
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, ...((spec.body && (toSchema(spec.body).properties as object)) ?? {}) } } } },
      };
    } else if (spec.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: toSchema(spec.body) } } };
    }
    (paths[oaPath] ??= {})[method] = op;
  }
  paths['/health'] = {
    get: {
      summary: 'Health: status, version and local time; 503 `degraded` when the database does not answer',
      description: 'Outside /api: no envelope, no rate limit, no tenant.',
      tags: ['health'],
      responses: {
        200: { description: 'Healthy', content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'ok' }, version: { type: 'string' }, time: { type: 'string', examples: ['2026-11-22 12:40:00 WIB'] } } } } } },
        503: { description: 'Database not answering', content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'degraded' }, version: { type: 'string' }, time: { type: 'string' } } } } } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { ...info, description: 'Learning management service with a CRM. Every /api response uses the envelope {success, message, data | error}.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        session: { type: 'apiKey', in: 'cookie', name: 'lms_session' },
      },
    },
    paths,
  };
}
