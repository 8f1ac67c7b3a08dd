import type { ErrorMapping } from '../kit/errors.js';

/** The answers many codes of many contexts share (architecture.md: 404 → `Record not found`, 400 → `Invalid parameters`). */
const sharedAnswers = {
  notFound: { status: 404, message: 'Record not found' },
  invalid: { status: 400, message: 'Invalid parameters' },
  unauthorized: { status: 401, message: 'Unauthorized' },
  forbidden: { status: 403, message: 'Insufficient permission' },
  rateLimited: { status: 429, message: 'Rate limit exceeded' },
  // A callback (Meta's webhooks, the mailer's events) whose signature does not verify.
  invalidSignature: { status: 403, message: 'Invalid signature' },
} as const satisfies Record<string, ErrorMapping>;

type Mapped<K extends string> = Record<K, ErrorMapping>;

/**
 * One function per shared answer that maps the codes it is given to it, spread into a context's table:
 * `...notFound('ORDER_NOT_FOUND', 'PLAN_NOT_FOUND')`. Spread keys escape the table's `satisfies`
 * check, so the codes are checked here instead: only codes of `Codes`, the context's, are accepted.
 */
export const sharedErrors = <Codes extends string>() => {
  const mapTo =
    (mapping: ErrorMapping) =>
    <const K extends Codes>(...codes: K[]): Mapped<K> =>
      Object.fromEntries(codes.map((code) => [code, mapping])) as Mapped<K>;
  return {
    notFound: mapTo(sharedAnswers.notFound),
    invalid: mapTo(sharedAnswers.invalid),
    unauthorized: mapTo(sharedAnswers.unauthorized),
    forbidden: mapTo(sharedAnswers.forbidden),
    rateLimited: mapTo(sharedAnswers.rateLimited),
    invalidSignature: mapTo(sharedAnswers.invalidSignature),
  };
};
