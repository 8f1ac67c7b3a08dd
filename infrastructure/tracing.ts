/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md,
 * "Traces"). This module imports nothing of OpenTelemetry: the SDK (tracing-sdk.ts) is loaded
 * only when tracing is on, so a process without the variable loads no OTel module at all.
 *
 * The entries (composition/http-main, worker-main) call `startTracing` before they import the
 * application: instrumentations must be in place before koa, ioredis and pg are loaded.
 */

/** What the rest of the process uses of tracing; every method answers for the span active now. */
export interface Tracing {
  /** The active trace's id (32 hex digits), or undefined outside any span. */
  traceId(): string | undefined;
  /** Fields every log line written inside a span gets (pino mixin): `reqId` is the trace id. */
  logFields(): Record<string, string>;
  /** The active context as a W3C `traceparent` (and `tracestate`) carrier, serialised; undefined outside a span. */
  capture(): string | undefined;
  /**
   * Runs a job inside a CONSUMER span, child of the context captured at enqueue (so one trace
   * holds the request and its jobs) and linked to it; a root span when nothing was captured.
   */
  runJob<T>(job: { name: string; id?: string | undefined; attempt: number }, captured: string | undefined, fn: () => Promise<T>): Promise<T>;
  /** Ends the SDK, sending the spans still buffered. */
  shutdown(): Promise<void>;
}

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
