import type { FieldProblem } from './errors.js';

/** The spec's envelope: every /api response, errors included, has this shape. */
export const success = (data: unknown, message = 'Success') => ({ success: true as const, message, data });

/**
 * The spec's error envelope plus what a UI acts on: `code` to switch on, and for invalid input
 * `fields` to show beside each field; `message` and `error` stay the spec's.
 */
export const failure = (message: string, code: string, error?: string, fields?: readonly FieldProblem[]) => ({
  success: false as const,
  message,
  code,
  ...(error === undefined ? {} : { error }),
  ...(fields?.length ? { fields } : {}),
});

/** Marks a handler result that carries its own message. */
export class Reply<T = unknown> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

export const reply = <T>(data: T, message: string) => new Reply(data, message);

/** Returned by handlers that wrote `ctx.body` themselves (files, CSV, plain text, streams). */
export const RAW = Symbol('raw response');
