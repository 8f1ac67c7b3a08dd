/**
 * The domain's own small result (the domain imports nothing outside itself): a value, or a
 * sentence saying what is wrong with the input. Use cases turn the sentence into an error detail.
 */
export type Result<T, E = string> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
