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
  runJob<T>(
    job: { name: string; id?: string | undefined; attempt: number },
    captured: string | undefined,
    fn: () => Promise<T>,
  ): Promise<T>;
  /** Ends the SDK, sending the spans still buffered. */
  shutdown(): Promise<void>;
}
