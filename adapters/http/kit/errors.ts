import type { ErrorsOf, Result } from '../../../application/shared/result.js';
import type { LoginClaimError } from '../../../application/identity/login-claim.js';
import type { ErrorCode } from '../errors/codes.js';

/** An expected failure with a code of the error table (an `err` of a use case, or an edge check). */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** One invalid input, as a form shows it beside the field (`items.0.price`, `body` for the whole body). */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * The machine-readable code of an edge failure that names none of its own: what a client
 * switches on, while `message` stays the spec's text for people.
 */
export const statusCodes: Readonly<Record<number, string>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'UPSTREAM_FAILURE',
  503: 'SERVICE_UNAVAILABLE',
};

export const codeOfStatus = (status: number): string => statusCodes[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');

/** A failure decided by the HTTP edge itself (validation, rate limit, tenant, body size). */
export class HttpError extends Error {
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly fields: FieldProblem[] | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    options: { code?: string; headers?: Record<string, string>; fields?: FieldProblem[] } = {},
  ) {
    super(message);
    this.code = options.code ?? codeOfStatus(status);
    this.headers = options.headers ?? {};
    this.fields = options.fields;
  }
}

/** 400 `Invalid parameters` for one field, as validation reports it: in `detail` and in `fields`. */
export const invalidField = (path: string, message: string): HttpError =>
  new HttpError(400, 'Invalid parameters', `${path}: ${message}`, { fields: [{ path, message }] });

/** The success value, or the failure thrown to the one error handler that maps it. */
export function unwrap<T, E extends ErrorCode>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw new DomainError(result.error, result.detail);
}

export interface ErrorMapping {
  status: number;
  message: string;
  /** For a mapping a route raises itself: its machine-readable code, else the status's (`statusCodes`). */
  code?: string;
}

export type ErrorTable = Record<string, ErrorMapping>;

/** A context's part of the table: only codes of that context (an extra key fails the type-check). */
export type ErrorTableOf<Codes extends string> = Partial<Record<Codes, ErrorMapping>>;

/**
 * An error a route can answer beyond the ones every route of its kind has (400 for invalid input,
 * 401/403 for access, 404 for an unknown tenant, 413, 429, 503): a code of the error table
 * (`COURSE_NOT_FOUND`), or a status and message the route raises itself.
 */
export type RouteError = ErrorCode | ErrorMapping;

declare const declared: unique symbol;
/** A route's errors, made by `errorsFrom` or `edgeErrors` only: a bare list is not checked. */
export type DeclaredErrors = readonly RouteError[] & { readonly [declared]: true };

/**
 * A use case's failure codes that its route must list: all but a claimed login's refusals (401,
 * 403), which every route that admits a role answers (`login: 'statement'` routes' use cases return them).
 */
type RouteCodes<UseCase> = Exclude<ErrorsOf<UseCase>, LoginClaimError>;

type Unlisted<E, Listed extends readonly unknown[]> = Exclude<E, Listed[number]>;
/** Nothing when every code is listed, else a property naming those left out (what the type error shows). */
type ListsAll<E, Listed extends readonly unknown[]> = [Unlisted<E, Listed>] extends [never]
  ? unknown
  : { readonly 'codes the route omits': Unlisted<E, Listed> };

/**
 * The errors of a route whose handler unwraps the results of these use cases: `codes` must be
 * exactly their failure codes (one it can't return, or one it omits, fails the type-check);
 * `edge` adds what the handler raises itself (`FILE_REQUIRED`, a status of its own).
 * The use cases are only read for their types.
 */
export const errorsFrom =
  <const UseCases extends readonly ((...args: never[]) => unknown)[]>(..._useCases: UseCases) =>
  <const Codes extends readonly ErrorsOf<UseCases[number]>[]>(
    codes: Codes & ListsAll<RouteCodes<UseCases[number]>, Codes>,
    edge: readonly RouteError[] = [],
  ): DeclaredErrors =>
    [...codes, ...edge] as readonly RouteError[] as DeclaredErrors;

/** The errors of a route that unwraps no use case's result (it answers them itself, or raises its own). */
export const edgeErrors = (edge: readonly RouteError[]): DeclaredErrors => edge as DeclaredErrors;
