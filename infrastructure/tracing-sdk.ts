import { register } from 'node:module';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, isSpanContextValid, type Link } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KoaInstrumentation } from '@opentelemetry/instrumentation-koa';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import type { Tracing } from './tracing-types.js';

/** The modules imported as ESM that an instrumentation patches (pg comes through knex's `require`, which the SDK hooks without this). */
const ESM_INSTRUMENTED = ['koa', 'ioredis', 'node:http', 'http'];

/**
 * Loaded by `startTracing` only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The exporter sends
 * OTLP/HTTP JSON to `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`; sampling follows the standard
 * OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default: every trace, or as the caller's
 * `traceparent` decided).
 */
export function startSdk(env: NodeJS.ProcessEnv, serviceName: string): Tracing {
  // ESM imports are patched only through a loader hook registered before they load: the
  // documented @opentelemetry/instrumentation hook, limited to the instrumented packages so the
  // application's own modules are not wrapped. Resolved from the http instrumentation, the copy
  // of @opentelemetry/instrumentation the instrumentations themselves use.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.resolve('@opentelemetry/instrumentation-http'), {
    data: { include: ESM_INSTRUMENTED },
  });
  const sdk = new NodeSDK({
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName }),
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus's (/metrics) and logs pino's. The SDK would otherwise
    // send both to the same endpoint by default; OTEL_METRICS_EXPORTER / OTEL_LOGS_EXPORTER still opt in.
    ...(env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] }),
    ...(env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] }),
    instrumentations: [
      // Probes would make a trace every few seconds each: /health, /health/live and /health/ready are left out.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/health(\/|\?|$)/.test(req.url ?? '') }),
      new KoaInstrumentation(),
      // Queries and commands outside a request or a job (migrations at start, the pool's own
      // checks, BullMQ's polling) would each be a trace of one span: only those inside a span are kept.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  const tracer = trace.getTracer('lms-crm-service/jobs');

  const activeSpanContext = () => {
    const spanContext = trace.getActiveSpan()?.spanContext();
    return spanContext && isSpanContextValid(spanContext) ? spanContext : undefined;
  };

  return {
    traceId: () => activeSpanContext()?.traceId,
    logFields(): Record<string, string> {
      const spanContext = activeSpanContext();
      return spanContext ? { reqId: spanContext.traceId, spanId: spanContext.spanId } : {};
    },
    capture() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ? JSON.stringify(carrier) : undefined;
    },
    runJob(job, captured, fn) {
      // A job runs in no ambient context (an in-process job would inherit its enqueuer's by
      // accident, a BullMQ one the worker loop's): only what was captured counts.
      let parent = ROOT_CONTEXT;
      if (captured) {
        try {
          parent = propagation.extract(ROOT_CONTEXT, JSON.parse(captured) as Record<string, string>);
        } catch {
          /* an unreadable carrier: the job's span is a root */
        }
      }
      const origin = trace.getSpanContext(parent);
      const links: Link[] = origin && isSpanContextValid(origin) ? [{ context: origin }] : [];
      const attributes = {
        'messaging.operation.type': 'process',
        'messaging.operation.name': 'process',
        'messaging.destination.name': job.name,
        'job.attempt': job.attempt,
        ...(job.id ? { 'messaging.message.id': job.id } : {}),
      };
      return tracer.startActiveSpan(`process ${job.name}`, { kind: SpanKind.CONSUMER, links, attributes }, parent, async (span) => {
        try {
          return await fn();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    shutdown: () => sdk.shutdown(),
  };
}
