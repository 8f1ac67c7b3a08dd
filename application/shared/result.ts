/**
 * Expected business outcomes are values, not exceptions (style.md): a use case answers
 * `ok(value)` or `err(code, detail?)`. Codes are mapped to HTTP statuses in one table
 * in adapters/http; anything thrown is a bug or an infrastructure failure (500/503).
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E extends string> = { readonly ok: false; readonly error: E; readonly detail?: string };
export type Result<T, E extends string = string> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E extends string>(error: E, detail?: string): Err<E> =>
  detail === undefined ? { ok: false, error } : { ok: false, error, detail };

type ErrorOf<R> = R extends Err<infer E> ? E : never;

/**
 * The codes a use case can fail with, read from its `Result` type (a union of use cases: all
 * their codes), so the HTTP edge's table and routes are checked against them by the compiler.
 */
export type ErrorsOf<F> = F extends (...args: never[]) => infer R ? ErrorOf<Awaited<R>> : never;
