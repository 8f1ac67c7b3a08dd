import type { Result } from '../../../application/shared/result.js';

/** An expected failure with a code of the error table (an `err` of a use case, or an edge check). */
export class DomainError extends Error {
  constructor(readonly code: string, readonly detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** A failure decided by the HTTP edge itself (validation, rate limit, tenant, body size). */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly detail?: string, readonly headers: Record<string, string> = {}) {
    super(message);
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
}

export type ErrorTable = Record<string, ErrorMapping>;
