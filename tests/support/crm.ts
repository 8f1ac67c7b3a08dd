import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import supertest from 'supertest';
import type { Application } from '../../composition/container.js';
import { extraApplication, harness } from './harness.js';

/**
 * A local stand-in for the Graph API: `GET /{leadgen_id}?access_token=…` answers the lead set
 * with `lead()`, after failing `failures` times with a 500; `rejections` make it answer a 400.
 * `GET /{page_id}?fields=id&access_token=…` answers the page to the tokens `page()` gave it.
 */
export class FakeGraph {
  private server: Server | null = null;
  readonly leads = new Map<string, Record<string, unknown>>();
  readonly failures = new Map<string, number>();
  readonly rejections = new Set<string>();
  readonly calls = new Map<string, number>();
  /** Milliseconds to wait before answering for a lead (a slow Graph API). */
  readonly delays = new Map<string, number>();
  readonly tokens: string[] = [];
  /** Page id → the access tokens that can read it. */
  readonly pages = new Map<string, Set<string>>();
  url = '';

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      this.calls.set(id, (this.calls.get(id) ?? 0) + 1);
      this.tokens.push(url.searchParams.get('access_token') ?? '');
      const delay = this.delays.get(id);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.searchParams.get('fields') === 'id') {
        if (this.pages.get(id)?.has(url.searchParams.get('access_token') ?? '')) return send(200, { id });
        return send(400, {
          error: {
            message:
              `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing ` +
              `permissions, or does not support this operation.`,
            type: 'GraphMethodException',
            code: 100,
          },
        });
      }
      const failing = this.failures.get(id) ?? 0;
      if (failing > 0) {
        this.failures.set(id, failing - 1);
        return send(500, {
          error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2 },
        });
      }
      if (this.rejections.has(id))
        return send(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const lead = this.leads.get(id);
      if (!lead)
        return send(400, {
          error: { message: `Unsupported get request. Object with ID '${id}' does not exist`, type: 'GraphMethodException', code: 100 },
        });
      return send(200, lead);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v21.0`;
    return this;
  }

  /** The page, readable with these tokens. */
  page(id: string, ...tokens: string[]) {
    this.pages.set(id, new Set([...(this.pages.get(id) ?? []), ...tokens]));
  }

  lead(id: string, fields: Record<string, string | string[]>, extra: Record<string, unknown> = {}) {
    this.leads.set(id, {
      id,
      created_time: '2026-03-01T10:00:00+0000',
      field_data: Object.entries(fields).map(([name, v]) => ({ name, values: Array.isArray(v) ? v : [v] })),
      ...extra,
    });
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * The CRM's own application on the shared database: Graph at the fake, short retry backoff,
 * its own queue (so, with Redis, the shared app's worker never takes its jobs) and the shared
 * app's JWT secret (so harness users' tokens work here).
 */
export async function crmApplication(
  graphUrl: string,
  env: Record<string, string> = {},
): Promise<{ app: Application; http: ReturnType<typeof supertest>; jobsIdle: () => Promise<void> }> {
  const h = await harness();
  const app = await extraApplication(
    {
      META_GRAPH_URL: graphUrl,
      CRM_INGEST_BACKOFF_MS: '20',
      JWT_SECRET: h.resolve<string>('jwtSecret'),
      QUEUE_PREFIX: `crm-${randomUUID().slice(0, 8)}`,
      ...env,
    },
    {},
    { runWorkers: true },
  );
  return { app, http: supertest(app.callback), jobsIdle: () => app.jobQueue.whenIdle(30_000) };
}

export const pageId = () => String(randomInt(1e9, 9e9)) + String(randomInt(1e6, 9e6));
export const leadgenId = () => String(randomInt(1e9, 9e9)) + String(randomInt(1e6, 9e6));

export const metaSignature = (raw: string, secret: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

export const metaNotification = (page: string, leads: string[]) =>
  JSON.stringify({
    object: 'page',
    entry: [
      {
        id: page,
        time: Math.floor(Date.now() / 1000),
        changes: leads.map((id) => ({
          field: 'leadgen',
          value: { leadgen_id: id, page_id: page, form_id: '4444', ad_id: '5555', created_time: Math.floor(Date.now() / 1000) },
        })),
      },
    ],
  });

export const googleLead = (key: string, leadId: string, columns: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  lead_id: leadId,
  user_column_data: Object.entries(columns).map(([column_id, string_value]) => ({
    column_id,
    column_name: column_id.replace(/_/g, ' ').toLowerCase(),
    string_value,
  })),
  api_version: '1.0',
  form_id: 1234,
  campaign_id: 5678,
  google_key: key,
  is_test: false,
  ...extra,
});
