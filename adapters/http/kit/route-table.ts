import type { Context } from 'koa';
import type { ZodType } from 'zod';
import type { Actor, RequestMeta } from '../../../application/shared/actor.js';
import type { LoginClaim } from '../../../application/identity/login-claim.js';
import type { Tenant } from '../../../domain/identity/tenant.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import type { RAW, Reply } from './envelope.js';
import type { DeclaredErrors } from './errors.js';
import type { ErrorCode } from '../errors/codes.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `public`: no login; `optional`: a login is used when present; a role level: at least that role. */
export type Access = 'public' | 'optional' | RoleLevel;

/**
 * Per-route limiter on top of the global one; `exempt` skips the global one too; `webhook` (public
 * webhooks that check a proof) skips it as well but counts failed proofs per IP (`failedProofs`).
 */
export type RateLimitName = 'critical' | 'upload' | 'ai' | 'exempt' | 'webhook';

export type BodyKind =
  | { kind: 'json' }
  /** The raw bytes are kept (`rawBody`) for signature checks, then parsed as JSON. */
  | { kind: 'raw-json' }
  /** multipart/form-data streamed to a temporary file; `maxFileBytes` over: 413 (0: a form of fields only). */
  | { kind: 'multipart'; maxFileBytes: number };

export interface RouteSpec<P, Q, B, R = unknown> {
  summary: string;
  access: Access;
  /**
   * `statement`: the login is read by the handler's use case, in its own statement, instead of a
   * statement of its own before it (issue 32; docs/architecture.md, "The login in the route's
   * statement"). The chain verifies the credentials and hands the handler `claim`, which carries
   * `access` as its minimum role; the use case accepts the principal it reads (`acceptClaim`).
   * Only on routes whose `access` is a role level.
   */
  login?: 'statement';
  /** Stable and unique, as a generated client names the call (`listCourses`, `startQuizAttempt`). */
  operationId?: string;
  tags?: readonly string[];
  description?: string;
  rateLimit?: RateLimitName;
  /**
   * With `rateLimit: 'webhook'`: the error codes that mean the request's proof (key, signature,
   * verify token) failed. Each counts against its IP; requests with a valid proof never count.
   */
  failedProofs?: readonly ErrorCode[];
  /**
   * `proof`: a public webhook whose tenant is the one its proof belongs to (a lead form's key,
   * a payment's order): `X-Tenant-ID` and the host are not resolved (a request pays for no
   * look-up it does not use), and the handler has no `tenant`.
   */
  tenant?: 'proof';
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  bodyKind?: BodyKind;
  /**
   * The body as the document shows it, for routes that validate it themselves: signed webhooks
   * (`raw-json`: after the signature, so a forged body is 403 before any shape error) and routes
   * whose body depends on a path parameter (the admin resources).
   */
  documentedBody?: ZodType;
  /**
   * The success `data` (inside the envelope). Handlers must return what its input type accepts
   * (`Date` where the wire has an ISO string), so the document cannot drift from the presenters.
   */
  response?: ZodType<unknown, R>;
  /** Status of a success: 200, except the one 202 of the API (contract §2). */
  status?: 200 | 202;
  /**
   * Errors the route answers beyond those of every route of its kind, checked against the use
   * cases the handler unwraps: `errorsFrom(d.getOrder)(['ORDER_NOT_FOUND'])` (kit/errors.ts).
   */
  errors: DeclaredErrors;
  /** For OpenAPI: what a raw (non-JSON) success answers, e.g. `text/csv` (several when it depends). */
  produces?: string | string[];
  /** For OpenAPI: the schema of a raw success (`produces`); binary content when absent. */
  producesSchema?: ZodType;
  /**
   * For OpenAPI: error statuses the route may also answer as another type, negotiated (a public
   * link's HTML page answers its 404 as a page to a browser), e.g. `{ 404: 'text/html' }`.
   */
  errorProduces?: Readonly<Partial<Record<number, string>>>;
}

export interface UploadedFile {
  path: string;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The authenticated caller; throws UNAUTHORIZED when there is none (only on `public`/`optional` routes). */
  actor: Actor;
  /** The caller if authenticated, else null. */
  auth: Actor | null;
  /** The caller's login (a bearer token's family, or the session's), null when not authenticated. */
  loginId: string | null;
  /** On `login: 'statement'` routes, what the credentials claim (throws elsewhere): the use case reads and accepts it. */
  claim: LoginClaim;
  /** The request's tenant (contract §4); throws on routes whose tenant is their proof (`tenant: 'proof'`). */
  tenant: Tenant;
  meta: RequestMeta;
  rawBody: Buffer | null;
  file: UploadedFile | null;
  fields: Record<string, string>;
  ctx: Context;
}

export type HandlerResult<R = unknown> = R | Reply<R> | typeof RAW;
export type Handler<P, Q, B, R = unknown> = (input: RouteInput<P, Q, B>) => Promise<HandlerResult<NoInfer<R>>>;

export interface RouteEntry {
  method: HttpMethod;
  path: string;
  spec: RouteSpec<unknown, unknown, unknown>;
  handler: Handler<unknown, unknown, unknown>;
}

/** Collects a context's routes; the app mounts them and the OpenAPI document describes them. */
export class RouteTable {
  readonly entries: RouteEntry[] = [];

  private add<P, Q, B, R>(method: HttpMethod, path: string, spec: RouteSpec<P, Q, B, R>, handler: Handler<P, Q, B, R>) {
    this.entries.push({
      method,
      path,
      spec: spec as RouteSpec<unknown, unknown, unknown>,
      handler: handler as Handler<unknown, unknown, unknown>,
    });
  }

  get<P = Record<string, never>, Q = Record<string, never>, R = unknown>(
    path: string,
    spec: RouteSpec<P, Q, never, R>,
    handler: Handler<P, Q, undefined, R>,
  ) {
    this.add('get', path, spec, handler as Handler<P, Q, never, R>);
  }
  readonly post = this.withBody('post');
  readonly put = this.withBody('put');
  readonly patch = this.withBody('patch');
  readonly delete = this.withBody('delete');

  /** The adder of a method that may take a body: the four differ only in the method they register. */
  private withBody(method: 'post' | 'put' | 'patch' | 'delete') {
    return <P = Record<string, never>, Q = Record<string, never>, B = undefined, R = unknown>(
      path: string,
      spec: RouteSpec<P, Q, B, R>,
      handler: Handler<P, Q, B, R>,
    ) => this.add(method, path, spec, handler);
  }
}

/** A context's routes: a function that adds them to the table. */
export type RouteModule = (routes: RouteTable) => void;
