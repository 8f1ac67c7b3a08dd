import type { Result } from '../../../application/shared/result.js';

/** An expected failure with a code of the error table (an `err` of a use case, or an edge check). */
export class DomainError extends Error {
  constructor(
    readonly code: string,
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

/** The success value, or the failure thrown to the one error handler that maps it. */
export function unwrap<T, E extends string>(result: Result<T, E>): T {
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
