import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deploymentEnv, json, post, startApi, startWorker, until, type ServiceProcess } from './support/processes.js';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  links?: Array<{ traceId: string; spanId: string }>;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
  scope: string;
  service: string;
}

const SERVER = 2;
const CONSUMER = 5;

/** A local OTLP/HTTP receiver: keeps every span POSTed (JSON) to /v1/traces. */
async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; paths: Set<string>; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const paths = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.add(`${req.method} ${req.url}`);
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ scope: { name: string }; spans: ReceivedSpan[] }>;
          }>;
        };
        for (const rs of body.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, scope: ss.scope.name, service });
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The @opentelemetry modules a process started with these variables loaded (tests/system/support/otel-probe.mjs). */
const probe = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'otel-probe-')), 'loaded.txt');
  return {
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./support/otel-probe.mjs', import.meta.url).href}`.trim(),
      OTEL_PROBE_FILE: file,
    },
    loaded: () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []),
  };
};

/** Logs in as root, makes a tenant whose settings send a mail on a verification-code request. */
async function mailingTenant(api: ServiceProcess, env: Record<string, string>): Promise<Record<string, string>> {
  const login = await json(await post(api.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
  expect(login.status, JSON.stringify(login.body)).to.equal(200);
  const admin = { Authorization: `Bearer ${(login.body.data as { access_token: string }).access_token}` };
  const slug = `otel-${Date.now().toString(36)}`;
  expect((await post(api.url, '/api/tenants', { slug, name: 'Traces' }, admin)).status).to.equal(200);
  const tenant = { 'X-Tenant-ID': slug };
  const settings = await fetch(`${api.url}/api/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...admin, ...tenant },
    body: JSON.stringify({ EmailVerificationEnabled: true }),
  });
  expect(settings.status).to.equal(200);
  return tenant;
}

/** The JSON log lines of a process's output. */
const logLines = (output: string[]) =>
  output
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('system: OpenTelemetry traces (issue 31)', function () {
  this.timeout(120_000);

  it('exports one trace for a request, with its HTTP, pg and Redis spans, and the job it enqueued as a child span linked to it', async () => {
    const receiver = await otlpReceiver();
    const apiProbe = probe();
    // Metrics would be exported every 200 ms if the SDK sent any (it must not: traces only).
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_METRIC_EXPORT_INTERVAL: '200' };
    const env = await deploymentEnv();
    let api: ServiceProcess | undefined;
    let worker: ServiceProcess | undefined;
    try {
      [api, worker] = await Promise.all([
        startApi({ ...env, ...tracing, ...apiProbe.env, LOG_LEVEL: 'debug' }),
        startWorker({ ...env, ...tracing }),
      ]);
      const tenant = await mailingTenant(api, env);

      const res = await post(
        api.url,
        '/api/auth/verification-code',
        { email: 'traced@system.test' },
        { ...tenant, 'X-Request-Id': 'caller-chosen-id' },
      );
      expect(res.status).to.equal(200);
      const requestId = res.headers.get('X-Request-Id') ?? '';
      // The request id is the trace id (32 hex digits), not the caller's.
      expect(requestId).to.match(/^[0-9a-f]{32}$/);

      const trace = () => receiver.spans.filter((s) => s.traceId === requestId);
      const jobSpan = (spans: ReceivedSpan[]) => spans.find((s) => s.kind === CONSUMER && s.name === 'process mail.deliver');
      const spans = await until(
        async () => trace(),
        (s) => jobSpan(s) !== undefined && s.some((x) => x.kind === SERVER),
        20_000,
      );

      const server = spans.find((s) => s.kind === SERVER && s.scope === '@opentelemetry/instrumentation-http');
      expect(server, JSON.stringify(spans.map((s) => [s.scope, s.name]))).to.not.equal(undefined);
      expect(server!.service).to.equal('lms-crm-service');
      expect(server!.parentSpanId ?? '').to.equal('');
      const apiSpans = spans.filter((s) => s.service === 'lms-crm-service');
      expect(
        apiSpans.some((s) => s.scope === '@opentelemetry/instrumentation-pg'),
        'a pg span',
      ).to.equal(true);
      expect(
        apiSpans.some((s) => s.scope === '@opentelemetry/instrumentation-ioredis'),
        'a Redis span',
      ).to.equal(true);
      expect(
        apiSpans.some((s) => s.scope === '@opentelemetry/instrumentation-koa'),
        'a Koa span',
      ).to.equal(true);

      // The job ran on the worker, in the request's trace: a child of a span of the request, linked to it.
      const job = jobSpan(spans)!;
      const consumers = receiver.spans
        .filter((s) => s.kind === CONSUMER)
        .map((s) => `${s.service} ${s.name} ${s.traceId} ${s.parentSpanId ?? ''}`);
      expect(
        job,
        `the job's span; consumer spans seen: ${consumers.join('; ')}\nworker: ${worker.output.join('').slice(-2000)}`,
      ).to.not.equal(undefined);
      expect(job.service).to.equal('lms-crm-service-worker');
      const ids = new Set(apiSpans.map((s) => s.spanId));
      expect(ids.has(job.parentSpanId ?? '')).to.equal(true);
      expect(job.links?.map((l) => [l.traceId, l.spanId])).to.deep.equal([[requestId, job.parentSpanId]]);
      // The worker's own database work is in the job's span.
      expect(
        spans.some(
          (s) => s.service === 'lms-crm-service-worker' && s.scope === '@opentelemetry/instrumentation-pg' && s.parentSpanId !== undefined,
        ),
      ).to.equal(true);

      // The request's log line carries the same id; the worker's lines inside the job name the trace too.
      const line = logLines(api.output).find((l) => l.msg === 'request' && l.path === '/api/auth/verification-code');
      expect(line?.reqId).to.equal(requestId);
      const stored = logLines(worker.output).find((l) => l.msg === 'mail stored' && l.to === 'traced@system.test');
      expect(stored?.reqId).to.equal(requestId);
      expect(stored?.spanId).to.be.a('string');
    } finally {
      await Promise.all([api?.stop(), worker?.stop()]);
      await receiver.close();
    }
    // Traces only: no metrics nor logs were sent to the collector.
    expect([...receiver.paths]).to.deep.equal(['POST /v1/traces']);
    // The probe sees the modules tracing loads: the check of the test below can fail.
    expect(apiProbe.loaded().some((m) => m.includes('@opentelemetry/sdk-node'))).to.equal(true);
  });

  it('loads no OpenTelemetry module and keeps its request ids when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const apiProbe = probe();
    const env = await deploymentEnv();
    let api: ServiceProcess | undefined;
    try {
      api = await startApi({ ...env, ...apiProbe.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' });
      const tenant = await mailingTenant(api, env);
      const res = await post(
        api.url,
        '/api/auth/verification-code',
        { email: 'untraced@system.test' },
        { ...tenant, 'X-Request-Id': 'caller-chosen-id' },
      );
      expect(res.status).to.equal(200);
      expect(res.headers.get('X-Request-Id')).to.equal('caller-chosen-id');
      const fresh = await fetch(`${api.url}/health`);
      expect(fresh.headers.get('X-Request-Id')).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    } finally {
      await api?.stop();
    }
    // prom-client (the metrics) loads @opentelemetry/api itself, whatever tracing does: the no-op
    // API. Nothing of the SDK, the exporters or the instrumentations may load.
    expect(apiProbe.loaded().filter((m) => !m.includes('/@opentelemetry/api/'))).to.deep.equal([]);
  });
});
