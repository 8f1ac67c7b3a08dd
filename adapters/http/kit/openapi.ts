import { z, type ZodType } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { codeOfStatus, type ErrorTable } from './errors.js';
import type { RouteEntry } from './route-table.js';

type JsonSchema = Record<string, unknown>;

/** One invalid input of a 400 (`VALIDATION_FAILED`). */
export const FieldProblemSchema = z
  .object({
    path: z.string().meta({
      description: 'The field, dotted from the body, query or path root (`items.0.price`); `body` for the whole body',
      examples: ['email'],
    }),
    message: z.string().meta({ examples: ['Invalid email address'] }),
  })
  .meta({ id: 'FieldProblem' });

/** The error envelope (contract §2): every failure of every /api route. */
export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string().meta({ description: 'What went wrong, for people; the messages of each status are listed with it' }),
    code: z.string().meta({
      description:
        'What went wrong, for programs: stable, UPPER_SNAKE_CASE (`INVALID_CREDENTIALS`, `VALIDATION_FAILED`, ' +
        '`RATE_LIMITED`); the codes of each status are its examples',
      examples: ['VALIDATION_FAILED'],
    }),
    error: z.string().optional().meta({ description: 'Details: the fields of an invalid request, the check that failed…' }),
    fields: z
      .array(FieldProblemSchema)
      .optional()
      .meta({ description: 'With `VALIDATION_FAILED`: each invalid field and its problem (at most ten)' }),
  })
  .meta({ id: 'Error' });

const statusTitles: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Too large',
  429: 'Too many requests',
  500: 'Internal error (never a stack trace)',
  502: 'Upstream failure',
  503: 'A dependency (database, Redis) does not answer: try again later',
};

/** Per status, each code with its message. */
type ErrorsByStatus = Map<number, Map<string, string>>;

const add = (errors: ErrorsByStatus, status: number, message: string, code = codeOfStatus(status)) => {
  const codes = errors.get(status) ?? new Map<string, string>();
  codes.set(code, message);
  errors.set(status, codes);
};

/** What every route of this kind may answer, whatever it does (the kit and middleware raise them). */
function commonErrors(entry: RouteEntry): ErrorsByStatus {
  const { spec, method } = entry;
  const errors: ErrorsByStatus = new Map();
  // A route that reads no query still refuses one (an unknown parameter), except a proof's webhook.
  if (spec.params || spec.query || spec.body || spec.bodyKind || spec.tenant !== 'proof') add(errors, 400, 'Invalid parameters');
  if (spec.access !== 'public') {
    add(errors, 401, 'Unauthorized', 'UNAUTHORIZED');
    add(errors, 401, 'Unauthorized', 'TOKEN_EXPIRED');
    add(errors, 401, 'Invalid token', 'INVALID_TOKEN');
    // A token of another tenant (contract §4), or a role below the route's.
    add(errors, 403, 'Insufficient permission', 'INSUFFICIENT_PERMISSION');
    add(errors, 403, 'Insufficient permission', 'TENANT_MISMATCH');
    if (method !== 'get') add(errors, 403, 'Cross-site request refused', 'CROSS_SITE_REFUSED');
  }
  if (spec.tenant !== 'proof') add(errors, 404, 'Tenant not found', 'UNKNOWN_TENANT');
  if (spec.bodyKind?.kind === 'multipart') add(errors, 413, 'File too large', 'FILE_TOO_LARGE');
  else if (spec.body || spec.bodyKind) add(errors, 413, 'Payload too large');
  if (spec.rateLimit !== 'exempt') add(errors, 429, 'Rate limit exceeded');
  add(errors, 500, 'Internal server error');
  add(errors, 503, 'Service unavailable');
  return errors;
}

/** The route's own errors (codes of the error table, or mappings it raises) on top of the common ones. */
export function errorsOf(entry: RouteEntry, table: ErrorTable): ErrorsByStatus {
  const errors = commonErrors(entry);
  for (const e of entry.spec.errors) {
    const mapping = typeof e === 'string' ? table[e] : e;
    if (!mapping) throw new Error(`${entry.method.toUpperCase()} ${entry.path}: error code ${String(e)} is not in the error table`);
    add(errors, mapping.status, mapping.message, typeof e === 'string' ? e : mapping.code);
  }
  return errors;
}

const envelopeOf = (data: ZodType) => z.object({ success: z.literal(true), message: z.string(), data });

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const accessText = (access: RouteEntry['spec']['access']): string =>
  access === 'public' ? 'Public' : access === 'optional' ? 'Public; a login is used when present' : `Role ${access} or above`;

/** Path and query schemas as zod-openapi wants them: objects (refinements and pipes unwrapped to their object). */
const objectOf = (schema: ZodType | undefined): z.ZodObject | undefined => {
  let s: ZodType | undefined = schema;
  while (s && !(s instanceof z.ZodObject)) {
    if (s instanceof z.ZodPipe) s = s.in as ZodType;
    else return undefined;
  }
  return s;
};

function operationOf(entry: RouteEntry, table: ErrorTable): ZodOpenApiOperationObject {
  const { spec, path } = entry;
  const responses: ZodOpenApiResponsesObject = {};
  const raw = Object.fromEntries(
    [spec.produces ?? []].flat().map((type) => [type, { schema: spec.producesSchema ?? z.string().meta({ format: 'binary' }) }]),
  );
  // A route may answer JSON (the envelope) or, negotiated, another type (a PDF, an HTML page).
  const json = spec.response || !spec.produces ? { 'application/json': { schema: envelopeOf(spec.response ?? z.unknown()) } } : {};
  responses[String(spec.status ?? 200) as '200'] = { description: 'Success', content: { ...json, ...raw } };
  for (const [status, codes] of [...errorsOf(entry, table)].sort(([a], [b]) => a - b)) {
    const messages = new Set(codes.values());
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: `${statusTitles[status] ?? 'Error'}: ${[...messages].map((m) => `\`${m}\``).join(', ')}`,
      content: {
        'application/json': {
          schema: ErrorEnvelope,
          examples: Object.fromEntries(
            [...codes].map(([code, message]) => [code, { summary: message, value: { success: false, message, code } }]),
          ),
        },
        ...(spec.errorProduces?.[status] ? { [spec.errorProduces[status]]: { schema: z.string() } } : {}),
      },
    };
  }
  const pathParams = objectOf(spec.params);
  const queryParams = objectOf(spec.query);
  const op: ZodOpenApiOperationObject = {
    ...(spec.operationId ? { operationId: spec.operationId } : {}),
    summary: spec.summary,
    description: [
      spec.description,
      `Access: ${accessText(spec.access)}.`,
      spec.rateLimit && spec.rateLimit !== 'exempt' ? `Rate limit: ${spec.rateLimit}.` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [...(spec.tags ?? [path.split('/')[2] ?? 'api'])],
    requestParams: {
      ...(pathParams ? { path: pathParams } : {}),
      ...(queryParams ? { query: queryParams } : {}),
    },
    responses,
  };
  // Path parameters the route does not validate itself are still parameters.
  const declared = new Set(Object.keys(pathParams?.shape ?? {}));
  const undeclared = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((n) => !declared.has(n));
  const parameters: NonNullable<ZodOpenApiOperationObject['parameters']> = undeclared.map((name) => ({
    name,
    in: 'path' as const,
    required: true,
    schema: { type: 'string' as const },
  }));
  if (spec.tenant !== 'proof') parameters.push({ $ref: '#/components/parameters/TenantId' });
  if (parameters.length) op.parameters = parameters;
  op.security =
    spec.access === 'public' ? [] : spec.access === 'optional' ? [{ bearer: [] }, { session: [] }, {}] : [{ bearer: [] }, { session: [] }];
  const body = spec.documentedBody ?? spec.body;
  if (spec.bodyKind?.kind === 'multipart') {
    const fields = objectOf(spec.body);
    op.requestBody = {
      required: true,
      // maxFileBytes 0: a form of fields only.
      content: {
        'multipart/form-data': {
          schema:
            spec.bodyKind.maxFileBytes === 0
              ? (fields ?? z.object({}))
              : (fields ?? z.object({})).extend({ file: z.string().meta({ format: 'binary', description: 'The file' }) }),
        },
      },
    };
  } else if (body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  }
  return op;
}

const healthBody = (status: 'ok' | 'degraded') =>
  z.object({ status: z.literal(status), version: z.string(), time: z.string().meta({ examples: ['2026-11-22 12:40:00 WIB'] }) });

const checkState = z.enum(['ok', 'failed']);
const readinessBody = (status: 'ready' | 'unavailable') =>
  z.object({
    status: z.literal(status),
    // Redis is checked only when REDIS_URL is set.
    checks: z.object({ database: checkState, redis: checkState.optional(), migrations: checkState, serving: checkState }),
    failed: z.array(z.enum(['database', 'redis', 'migrations', 'serving'])),
  });

/**
 * OpenAPI 3.1 built from the same zod schemas that validate requests and type the answers
 * (contract §2), so the document cannot drift from what the server accepts and sends.
 */
export function buildOpenApi(routes: RouteEntry[], info: { title: string; version: string }, table: ErrorTable): JsonSchema {
  const paths: ZodOpenApiPathsObject = {};
  for (const entry of routes) {
    const item = (paths[openApiPath(entry.path)] ??= {});
    item[entry.method] = operationOf(entry, table);
  }
  // The probes: outside /api, no envelope, no rate limit, no tenant, no login.
  const probe = (operationId: string, summary: string, description: string, responses: ZodOpenApiResponsesObject) => ({
    get: { operationId, summary, description, tags: ['health'], security: [], responses },
  });
  const outsideApi = 'Outside /api: no envelope, no rate limit, no tenant.';
  paths['/health'] = probe(
    'getHealth',
    'Health: status, version and local time; 503 `degraded` when the database does not answer',
    outsideApi,
    {
      200: { description: 'Healthy', content: { 'application/json': { schema: healthBody('ok') } } },
      503: { description: 'Database not answering', content: { 'application/json': { schema: healthBody('degraded') } } },
    },
  );
  paths['/health/ready'] = probe(
    'getReadiness',
    'Readiness: database, Redis (when configured), migrations at the latest version, not draining; 503 names what failed',
    `${outsideApi} For load balancers and orchestrators.`,
    {
      200: { description: 'Ready', content: { 'application/json': { schema: readinessBody('ready') } } },
      503: { description: 'A dependency is not usable', content: { 'application/json': { schema: readinessBody('unavailable') } } },
    },
  );
  paths['/health/live'] = probe('getLiveness', 'Liveness: the process answers (no dependency is checked)', outsideApi, {
    200: { description: 'Alive', content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } } },
  });
  paths['/metrics'] = {
    get: {
      operationId: 'getMetrics',
      summary: 'Prometheus metrics; served here only when METRICS_TOKEN is set (404 otherwise), for its bearer token only',
      description:
        'Outside /api: no envelope, no rate limit, no tenant. With METRICS_PORT the same text is served on that port instead. See docs/operations.md.',
      tags: ['health'],
      security: [{ metricsToken: [] }],
      responses: {
        200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: z.string() } } },
        401: { description: 'Missing or wrong METRICS_TOKEN', content: { 'text/plain': { schema: z.string() } } },
        404: {
          description: 'Record not found: METRICS_TOKEN is not set, so no metrics are served on this port',
          content: { 'application/json': { schema: ErrorEnvelope } },
        },
      },
    },
  };
  const toDocs = {
    summary: 'Redirects to the API reference page, /api/docs',
    description: 'Outside /api: no envelope, no rate limit, no tenant.',
    tags: ['docs'],
    security: [],
    responses: { 302: { description: 'To /api/docs', headers: { Location: { schema: { type: 'string' as const, const: '/api/docs' } } } } },
  };
  paths['/'] = { get: { ...toDocs, operationId: 'redirectRootToDocs' } };
  paths['/docs'] = { get: { ...toDocs, operationId: 'redirectDocsToApiDocs' } };
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        ...info,
        description: 'Learning management service with a CRM. Every /api response uses the envelope {success, message, data | error}.',
      },
      servers: [{ url: '/' }],
      components: {
        parameters: {
          TenantId: {
            name: 'X-Tenant-ID',
            in: 'header',
            required: false,
            description:
              'The tenant of the request, by slug or id (contract §4); without it the subdomain of `BASE_DOMAIN`, else ' +
              '`default`. Unknown or disabled: 404 `Tenant not found`.',
            schema: { type: 'string', examples: ['default'] },
          },
        },
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          session: { type: 'apiKey', in: 'cookie', name: 'lms_session' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'The value of METRICS_TOKEN' },
        },
      },
      paths,
    },
    {
      // Times (`timestamp`) describe themselves as ISO 8601 strings, the text JSON holds of them.
      allowEmptySchema: { custom: true, transform: true },
    },
  ) as unknown as JsonSchema;
}
