/**
 * Whether a failure means "a dependency is away, try again later" rather than "we have a bug":
 * HTTP answers it 503, and a job that meets it keeps its business attempts (docs/architecture.md,
 * "What is acknowledged is never lost").
 */

// Network failures of pg and ioredis sockets.
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

// SQLSTATEs: 08 connection exceptions, 53 insufficient resources (53300 too many connections),
// 57P01–57P03 shutdown or starting up, 40001/40P01 a transaction the server asks to run again.
const sqlStates = /^(08...|53...|57P0[123]|40001|40P01)$/;

const messages = new RegExp(
  [
    'Knex: Timeout acquiring a connection',
    'job queue unavailable',
    'Connection terminated',
    'Connection is closed',
    "Stream isn't writeable",
    'Reached the max retries per request limit',
    'Client has encountered a connection error',
    'too many clients already',
    'the database system is (shutting down|starting up|in recovery mode)',
    'Command timed out',
  ].join('|'),
);

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, nativeError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    nativeError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (networkCodes.has(code) || sqlStates.test(code))) return true;
  if (typeof message === 'string' && messages.test(message)) return true;
  // objection wraps driver errors (`nativeError`), Node's connect to several addresses answers an
  // AggregateError of each, and some clients chain the socket failure as `cause`.
  return (
    isUnavailable(nativeError, depth + 1) ||
    isUnavailable(cause, depth + 1) ||
    (Array.isArray(errors) && errors.some((e) => isUnavailable(e, depth + 1)))
  );
}
