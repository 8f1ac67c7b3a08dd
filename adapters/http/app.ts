import Koa, { type Context, type Middleware } from 'koa';
import cors from '@koa/cors';
import { z } from 'zod';
import { unlink } from 'node:fs/promises';
import type { Actor, RequestMeta } from '../../application/shared/actor.js';
import type { Result } from '../../application/shared/result.js';
import type { AuthenticateError, LoginClaim } from '../../application/identity/login-claim.js';
import type { RoleLevel } from '../../domain/identity/role.js';
import type { Tenant } from '../../domain/identity/tenant.js';
import type { Logger } from '../../infrastructure/logger.js';
import { success, failure, Reply, RAW } from './kit/envelope.js';
import { DomainError, HttpError, type ErrorTable } from './kit/errors.js';
import { parseJson, parseMultipart, parseRawJson } from './kit/body.js';
import { routeDispatch } from './kit/route-dispatch.js';
import { RouteTable, type RouteEntry, type RouteInput, type RouteModule, type UploadedFile } from './kit/route-table.js';
import { errorAnswer } from './middleware/error-handler.js';
import { requestContext } from './middleware/request-context.js';
import { securityHeaders } from './middleware/security-headers.js';
import type { RateLimits } from './middleware/rate-limit.js';
import { SESSION_COOKIE } from './kit/session-cookie.js';
import { bearerOf, requestMeta, resolveRequestTenant, type ResolveTenant } from './kit/request.js';
import { liveness } from './routes/health.js';
import { refuseBadText, refuseMalformedUrl } from './kit/text.js';
import { originCheck } from './kit/origins.js';

export interface HttpAppDeps {
  logger: Logger;
  errorTable: ErrorTable;
  routeModules: RouteModule[];
  rateLimits: RateLimits;
  resolveTenant: ResolveTenant;
  authenticate: (
    tenantId: string,
    credentials: { bearer?: string | undefined; session?: string | undefined },
  ) => Promise<Result<Actor & { loginId: string }, AuthenticateError>>;
  /** For routes whose statement reads the login (`login: 'statement'`): the credentials verified, not read. */
  claimLogin: (
    tenantId: string,
    credentials: { bearer?: string | undefined; session?: string | undefined },
    minimumRole: RoleLevel,
  ) => Promise<Result<LoginClaim, AuthenticateError>>;
  health: (ctx: Context) => Promise<void>;
  /** From TRUST_PROXY; null: the socket's address is the client's. */
  proxy: { hops: number; header: string } | null;
  ready: (ctx: Context) => Promise<void>;
  /** Prometheus metrics, when enabled: every request is observed; `handler` serves GET /metrics (METRICS_TOKEN). */
  metrics?:
    | {
        observeRequest(method: string, route: string, status: number, seconds: number): void;
        handler?: ((ctx: Context) => Promise<void>) | undefined;
      }
    | undefined;
  baseDomain: string | undefined;
  corsOrigins: string[];
  /** When tracing is on: the active trace's id, which becomes the request id. */
  traceId?: (() => string | undefined) | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route that reads no query answers 400 to one, naming it, as a list does to a parameter it
 * does not know. Except the webhooks whose tenant is their proof: their senders are not ours.
 */
const NO_QUERY = z.strictObject({});

/** Builds the Koa application from the route modules of every context. */
export function createHttpApp(deps: HttpAppDeps): { app: Koa; routes: RouteEntry[] } {
  // maxIpsCount keeps the entries the trusted proxies wrote; Koa's ctx.ip is the leftmost of them.
  const app = new Koa(deps.proxy ? { proxy: true, maxIpsCount: deps.proxy.hops, proxyIpHeader: deps.proxy.header } : {});
  const table = new RouteTable();
  for (const module of deps.routeModules) module(table);

  const metrics = deps.metrics;
  // The route label is the template the router matched, so a path's ids never multiply the series.
  const observe =
    metrics && ((ctx: Context, seconds: number) => metrics.observeRequest(ctx.method, matchedRoute(ctx), ctx.status, seconds));
  app.use(requestContext(deps.logger, errorAnswer(deps.errorTable, deps.logger), observe, deps.traceId));
  app.use(securityHeaders({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } }));
  const allowedOrigin = originCheck(deps.corsOrigins);
  const refusedLogged = new Set<string>();
  const crossOrigin = cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      if (allowedOrigin(origin)) return origin;
      // A refused preflight is what a front-end developer meets first: say once per origin which setting opens it.
      if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') && !refusedLogged.has(origin) && refusedLogged.size < 100) {
        refusedLogged.add(origin);
        deps.logger.warn(
          { origin, allowed: deps.corsOrigins },
          `CORS preflight refused for ${origin}: add it to CORS_ORIGINS (comma separated) to allow it`,
        );
      }
      return '';
    },
    credentials: true,
    exposeHeaders: ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Content-Disposition'],
  });
  // Without an Origin header a request is not a CORS request and @koa/cors only adds `Vary`:
  // done here, without its two awaits on every such request (servers, webhooks, curl).
  app.use((ctx, next) => {
    if (ctx.get('Origin')) return crossOrigin(ctx, next);
    ctx.vary('Origin');
    return next();
  });

  const router = routeDispatch([
    { method: 'get', path: '/health', middleware: deps.health },
    { method: 'get', path: '/health/ready', middleware: deps.ready },
    { method: 'get', path: '/health/live', middleware: liveness },
    ...(metrics?.handler ? [{ method: 'get' as const, path: '/metrics', middleware: metrics.handler }] : []),
    // Where a newcomer types the address: the API reference page.
    { method: 'get', path: '/', middleware: toApiDocs },
    { method: 'get', path: '/docs', middleware: toApiDocs },
    ...table.entries.map((entry) => ({ method: entry.method, path: entry.path, middleware: routeChain(entry, deps, allowedOrigin) })),
  ]);
  app.use(router.routes);
  app.use(router.allowedMethods);
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = failure('Record not found', 'NOT_FOUND', `no route for ${ctx.method} ${ctx.path}`);
  });
  return { app, routes: table.entries };
}

/** @koa/router's documented `ctx._matchedRoute`; requests no route took share one label. */
function matchedRoute(ctx: Context): string {
  const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof route === 'string' ? route : 'unmatched';
}

/** Cookie-authenticated writes need proof they come from our own pages (CSRF, contract §3). */
function refuseCrossSite(ctx: Context, allowedOrigin: (origin: string) => boolean): void {
  if (!SAFE_METHODS.has(ctx.method) && !ctx.get('X-Requested-With') && !sameOrigin(ctx, allowedOrigin)) {
    throw new HttpError(403, 'Cross-site request refused', 'send X-Requested-With or a same-origin Origin header', {
      code: 'CROSS_SITE_REFUSED',
    });
  }
}

function sameOrigin(ctx: Context, allowedOrigin: (origin: string) => boolean): boolean {
  const origin = ctx.get('Origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === ctx.host || allowedOrigin(origin);
  } catch {
    return false;
  }
}

const toApiDocs: Middleware = async (ctx) => {
  ctx.redirect('/api/docs');
};

/**
 * A handler's input. A class, so that its guarded getters are its prototype's, not closures and
 * an object literal with accessors built on every request.
 */
class Input implements RouteInput<unknown, unknown, unknown> {
  constructor(
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    private readonly readClaim: LoginClaim | null,
    readonly auth: Actor | null,
    readonly loginId: string | null,
    private readonly resolvedTenant: Tenant | null,
    private readonly route: RouteEntry,
    readonly meta: RequestMeta,
    readonly rawBody: Buffer | null,
    readonly file: UploadedFile | null,
    readonly fields: Record<string, string>,
    readonly ctx: Context,
  ) {}

  get claim(): LoginClaim {
    if (!this.readClaim) throw new Error(`${this.route.method} ${this.route.path} does not read its login in its statement`);
    return this.readClaim;
  }

  get actor(): Actor {
    if (!this.auth) throw new DomainError('UNAUTHORIZED');
    return this.auth;
  }

  get tenant(): Tenant {
    if (!this.resolvedTenant) throw new Error(`${this.route.method} ${this.route.path} declares its tenant to be its proof`);
    return this.resolvedTenant;
  }
}

function routeChain(entry: RouteEntry, deps: HttpAppDeps, allowedOrigin: (origin: string) => boolean): Middleware {
  const { spec, handler } = entry;
  if (spec.tenant === 'proof' && spec.access !== 'public')
    throw new Error(`${entry.method} ${entry.path}: a route whose tenant is its proof must be public`);
  const claimedRole = spec.login === 'statement' ? spec.access : null;
  if (claimedRole !== null && (typeof claimedRole !== 'number' || spec.rateLimit === 'upload' || spec.rateLimit === 'ai'))
    throw new Error(`${entry.method} ${entry.path}: a route whose statement reads the login admits a role level and limits no caller`);
  return async (ctx) => {
    const tenant = spec.tenant === 'proof' ? null : await resolveRequestTenant(ctx, deps.resolveTenant, deps.baseDomain);
    const meta = requestMeta(ctx);
    if (spec.rateLimit === 'webhook') await deps.rateLimits.refuseBlockedWebhookCaller(meta.ip ?? 'unknown');
    else if (spec.rateLimit !== 'exempt') await deps.rateLimits.consume(ctx, 'global', meta.ip ?? 'unknown');

    let auth: Actor | null = null;
    let loginId: string | null = null;
    let claim: LoginClaim | null = null;
    const bearer = spec.access === 'public' ? undefined : bearerOf(ctx);
    const session = spec.access === 'public' || bearer !== undefined ? undefined : ctx.cookies.get(SESSION_COOKIE);
    // An invalid request with a claimed login answers the 401 or 403 every other route answers before its 400.
    const refuseInvalid = async (error: unknown): Promise<never> => {
      if (claim) {
        const read = await deps.authenticate(claim.tenantId, { bearer, session });
        if (!read.ok) throw new DomainError(read.error);
        if (read.value.role < claim.minimumRole) throw new DomainError('INSUFFICIENT_PERMISSION');
      }
      throw error;
    };
    if (spec.access !== 'public') {
      if (claimedRole !== null) {
        // The login is read by the use case's statement: the credentials are verified here, the role there.
        const claimed = await deps.claimLogin(tenant!.id, { bearer, session }, claimedRole);
        if (!claimed.ok) throw new DomainError(claimed.error);
        claim = claimed.value;
        loginId = claim.loginId;
        if (session !== undefined) refuseCrossSite(ctx, allowedOrigin);
      } else if (bearer !== undefined || session !== undefined || spec.access !== 'optional') {
        // Only public routes take their tenant from a proof (checked above, at start-up).
        const result = await deps.authenticate(tenant!.id, { bearer, session });
        if (!result.ok) {
          if (spec.access !== 'optional' || result.error === 'TENANT_MISMATCH' || bearer !== undefined) throw new DomainError(result.error);
        } else {
          const { loginId: login, ...actor } = result.value;
          auth = actor;
          loginId = login;
          if (session !== undefined) refuseCrossSite(ctx, allowedOrigin);
        }
      }
      if (claimedRole === null && typeof spec.access === 'number' && (!auth || auth.role < spec.access)) {
        throw new DomainError(auth ? 'INSUFFICIENT_PERMISSION' : 'UNAUTHORIZED');
      }
    }

    if (spec.rateLimit === 'critical') await deps.rateLimits.consume(ctx, 'critical', meta.ip ?? 'unknown');
    else if (spec.rateLimit === 'upload' || spec.rateLimit === 'ai')
      await deps.rateLimits.consume(ctx, spec.rateLimit, auth?.userId ?? meta.ip ?? 'unknown');

    let rawBody: Buffer | null = null;
    let body: unknown;
    let file: UploadedFile | null = null;
    let fields: Record<string, string> = {};
    const kind = spec.bodyKind?.kind ?? 'json';
    if (spec.bodyKind?.kind === 'multipart') {
      ({ file, fields } = await parseMultipart(ctx, spec.bodyKind.maxFileBytes));
      body = fields;
    } else if (kind === 'raw-json') {
      ({ raw: rawBody, body } = await parseRawJson(ctx));
    } else if (spec.body) {
      body = await parseJson(ctx).catch(refuseInvalid);
    }

    try {
      let params: unknown, query: unknown;
      try {
        // Every string a handler can reach, before any schema (raw-json bodies: parseRawJson).
        if (spec.params) refuseMalformedUrl(ctx.path);
        if (spec.query) refuseMalformedUrl(ctx.querystring);
        refuseBadText(
          spec.params && ctx.params,
          spec.query && ctx.query,
          kind === 'raw-json' ? undefined : body,
          file && { file: file.originalName },
        );
        params = spec.params ? spec.params.parse(ctx.params) : ctx.params;
        // No query string at all is the empty query NO_QUERY would answer, without its parse.
        query = spec.query
          ? spec.query.parse(ctx.query)
          : spec.tenant === 'proof' || ctx.querystring === ''
            ? {}
            : NO_QUERY.parse(ctx.query);
        if (spec.body && kind !== 'raw-json') body = spec.body.parse(body ?? {});
      } catch (error) {
        await refuseInvalid(error);
      }
      const input = new Input(params, query, body, claim, auth, loginId, tenant, entry, meta, rawBody, file, fields, ctx);
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await handler(input);
      } catch (error) {
        if (error instanceof DomainError && spec.failedProofs?.includes(error.code))
          await deps.rateLimits.countFailedWebhookProof(meta.ip ?? 'unknown');
        throw error;
      }
      if (result === RAW) return;
      ctx.status = spec.status ?? 200;
      ctx.body = result instanceof Reply ? success(result.data, result.message) : success(result ?? null);
    } finally {
      if (file) await unlink(file.path).catch(() => {}); // handlers move what they keep
    }
  };
}
