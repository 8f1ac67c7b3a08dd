import { pino, type Logger } from 'pino';
import type { LogPort } from '../application/shared/ports.js';

export type { Logger };

/** @param mixin fields added to every line (tracing's `reqId` and `spanId` of the active span). */
export function createLogger(level: string, mixin?: () => Record<string, string>): Logger {
  return pino({
    level,
    base: undefined,
    ...(mixin ? { mixin } : {}),
    // Secrets never reach the log even if someone logs a whole request or config object.
    redact: {
      paths: ['*.password', '*.access_token', '*.refresh_token', '*.authorization', '*.cookie', '*.secret', '*.app_secret'],
      censor: '[redacted]',
    },
  });
}

export const logPort = (logger: Logger): LogPort => ({
  info: (event, fields) => logger.info(fields ?? {}, event),
  warn: (event, fields) => logger.warn(fields ?? {}, event),
  error: (event, fields) => logger.error(fields ?? {}, event),
});
