/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md,
 * "Traces"). This module imports nothing of OpenTelemetry: the SDK (tracing-sdk.ts) is loaded
 * only when tracing is on, so a process without the variable loads none of the SDK.
 *
 * The entries (composition/http-main, worker-main) call `startTracing` before they import the
 * application: instrumentations must be in place before koa, ioredis and pg are loaded.
 */

import type { Tracing } from './tracing-types.js';

export type { Tracing };

let active: Tracing | null = null;

/** The tracing started in this process, or null when off. */
export const activeTracing = (): Tracing | null => active;

/**
 * Starts the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (null otherwise, having loaded
 * nothing). `serviceName` applies when OTEL_SERVICE_NAME does not say otherwise.
 */
export async function startTracing(env: NodeJS.ProcessEnv, serviceName: string): Promise<Tracing | null> {
  if (active) return active;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_SDK_DISABLED === 'true') return null;
  const { startSdk } = await import('./tracing-sdk.js');
  active = startSdk(env, serviceName);
  return active;
}
