/** The spec's envelope: every /api response, errors included, has this shape. */
export const success = (data: unknown, message = 'Success') => ({ success: true as const, message, data });

export const failure = (message: string, error?: string) =>
  error === undefined ? { success: false as const, message } : { success: false as const, message, error };

/** Marks a handler result that carries its own message. */
export class Reply<T = unknown> {
  constructor(readonly data: T, readonly message: string) {}
}

export const reply = <T>(data: T, message: string) => new Reply(data, message);

/** Returned by handlers that wrote `ctx.body` themselves (files, CSV, plain text, streams). */
export const RAW = Symbol('raw response');
