import { z } from 'zod';
import type { GraphError, GraphLead, MetaGraph } from '../../../application/crm/ports/meta-graph.js';
import { err, ok, type Result } from '../../../application/shared/result.js';

const LeadBody = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  created_time: z.string().nullish(),
  form_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  ad_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  is_organic: z.boolean().nullish(),
  is_test: z.boolean().nullish(),
  field_data: z.array(z.object({ name: z.string(), values: z.array(z.unknown()).nullish() })).default([]),
});

const PageBody = z.object({ id: z.union([z.string(), z.number()]).transform(String) });

const ErrorBody = z.object({ error: z.object({ message: z.string().optional(), code: z.number().optional() }) });

const parseJson = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** Graph error codes that mean "too many calls": worth retrying later, not an admin's problem. */
const THROTTLING_CODES = new Set([4, 17, 32, 613, 80001]);

/**
 * The Graph API (contract §8): `GET {META_GRAPH_URL}/{id}?access_token=…`. Network failures,
 * timeouts, 5xx and throttling are UNAVAILABLE (worth retrying); other 4xx are REJECTED (token,
 * permission, unknown object: an admin must act). The token never appears in an error.
 */
export const makeMetaGraphGateway = (baseUrl: string, timeoutMs: number): MetaGraph => {
  const get = async (id: string, accessToken: string, query: Record<string, string> = {}): Promise<Result<unknown, GraphError>> => {
    const params = new URLSearchParams({ ...query, access_token: accessToken });
    const url = `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(id)}?${params.toString()}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error)?.name;
      return err('UNAVAILABLE', name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'network error');
    }
    const text = await response.text().catch(() => '');
    const body = parseJson(text);
    if (!response.ok) {
      const e = ErrorBody.safeParse(body);
      const code = e.success ? e.data.error.code : undefined;
      const message = `HTTP ${response.status}${e.success && e.data.error.message ? ` ${e.data.error.message.slice(0, 300)}` : ''}`;
      const retry = response.status >= 500 || response.status === 429 || (code !== undefined && THROTTLING_CODES.has(code));
      return err(retry ? 'UNAVAILABLE' : 'REJECTED', message);
    }
    return ok(body);
  };

  return {
    async fetchLead(leadgenId, accessToken): Promise<Result<GraphLead, GraphError>> {
      const answer = await get(leadgenId, accessToken);
      if (!answer.ok) return answer;
      const lead = LeadBody.safeParse(answer.value);
      if (!lead.success) return err('UNAVAILABLE', 'unexpected lead format');
      return ok({
        id: lead.data.id,
        createdTime: lead.data.created_time ?? null,
        formId: lead.data.form_id ?? null,
        adId: lead.data.ad_id ?? null,
        fieldData: lead.data.field_data.map((f) => ({ name: f.name, values: f.values ?? [] })),
        isOrganic: lead.data.is_organic ?? null,
        isTest: lead.data.is_test ?? null,
      });
    },

    async canReadPage(pageId, accessToken): Promise<Result<true, GraphError>> {
      const answer = await get(pageId, accessToken, { fields: 'id' });
      if (!answer.ok) return answer;
      const page = PageBody.safeParse(answer.value);
      // Graph also answers for an alias (a username): only the very id asked for proves the page.
      return page.success && page.data.id === pageId ? ok(true) : err('REJECTED', 'another object answered');
    },
  };
};
