import type { Context } from 'koa';
import type { ZodType } from 'zod';
import type { Actor, RequestMeta } from '../../../application/shared/actor.js';
import type { Tenant } from '../../../domain/identity/tenant.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import type { RAW, Reply } from './envelope.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `public`: no login; `optional`: a login is used when present; a role level: at least that role. */
export type Access = 'public' | 'optional' | RoleLevel;

/** Per-route limiter on top of the global one; `exempt` skips the global one too (signed webhooks). */
export type RateLimitName = 'critical' | 'upload' | 'ai' | 'exempt';

export type BodyKind =
  | { kind: 'json' }
  /** The raw bytes are kept (`rawBody`) for signature checks, then parsed as JSON. */
  | { kind: 'raw-json' }
  /** multipart/form-data streamed to a temporary file; `maxFileBytes` over: 413. */
  | { kind: 'multipart'; maxFileBytes: number };

export interface RouteSpec<P, Q, B> {
  summary: string;
  access: Access;
  tags?: string[];
  description?: string;
  rateLimit?: RateLimitName;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  bodyKind?: BodyKind;
  /** For OpenAPI: what a raw (non-JSON) success answers, e.g. `text/csv`. */
  produces?: string;
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
  tenant: Tenant;
  meta: RequestMeta;
  rawBody: Buffer | null;
  file: UploadedFile | null;
  fields: Record<string, string>;
  ctx: Context;
}

export type HandlerResult = unknown | Reply | typeof RAW;
export type Handler<P, Q, B> = (input: RouteInput<P, Q, B>) => Promise<HandlerResult>;

export interface RouteEntry {
  method: HttpMethod;
  path: string;
  spec: RouteSpec<unknown, unknown, unknown>;
  handler: Handler<unknown, unknown, unknown>;
}

/** Collects a context's routes; the app mounts them and the OpenAPI document describes them. */
export class RouteTable {
  readonly entries: RouteEntry[] = [];

  private add<P, Q, B>(method: HttpMethod, path: string, spec: RouteSpec<P, Q, B>, handler: Handler<P, Q, B>) {
    this.entries.push({ method, path, spec: spec as RouteSpec<unknown, unknown, unknown>, handler: handler as Handler<unknown, unknown, unknown> });
  }

  get<P = Record<string, never>, Q = Record<string, never>>(path: string, spec: RouteSpec<P, Q, never>, handler: Handler<P, Q, undefined>) {
    this.add('get', path, spec, handler as Handler<P, Q, never>);
  }
  post<P = Record<string, never>, Q = Record<string, never>, B = undefined>(path: string, spec: RouteSpec<P, Q, B>, handler: Handler<P, Q, B>) {
    this.add('post', path, spec, handler);
  }
  put<P = Record<string, never>, Q = Record<string, never>, B = undefined>(path: string, spec: RouteSpec<P, Q, B>, handler: Handler<P, Q, B>) {
    this.add('put', path, spec, handler);
  }
  patch<P = Record<string, never>, Q = Record<string, never>, B = undefined>(path: string, spec: RouteSpec<P, Q, B>, handler: Handler<P, Q, B>) {
    this.add('patch', path, spec, handler);
  }
  delete<P = Record<string, never>, Q = Record<string, never>, B = undefined>(path: string, spec: RouteSpec<P, Q, B>, handler: Handler<P, Q, B>) {
    this.add('delete', path, spec, handler);
  }
}

/** A context's routes: a function that adds them to the table. */
export type RouteModule = (routes: RouteTable) => void;
