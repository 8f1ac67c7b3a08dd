#!/usr/bin/env node
/**
 * A stand-in for Meta's Graph API, for examples/guides/connect-ads.sh where no Facebook page exists
 * (CI has no network). Start the service with META_GRAPH_URL pointing here; in production
 * META_GRAPH_URL stays https://graph.facebook.com/v21.0 and Meta holds the leads.
 *   PORT=4010 node examples/guides/fake-graph.mjs    →  META_GRAPH_URL=http://127.0.0.1:4010/v21.0
 * Answers what the service asks Graph:
 *   GET /v21.0/{page_id}?fields=id&access_token=T   the page, for the access token GRAPH_TOKEN
 *   GET /v21.0/{leadgen_id}?access_token=T          a lead stored by the line below
 * and, its own addition (not Graph's), what a person typed into the lead form:
 *   POST /leads {id, field_data: [{name, values}]}
 */
import { createServer } from 'node:http';

const token = process.env.GRAPH_TOKEN ?? 'guide-page-access-token';
const leads = new Map();
const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const unknown = (id) => ({
  error: { message: `Unsupported get request. Object with ID '${id}' does not exist`, type: 'GraphMethodException', code: 100 },
});

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/leads') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const lead = JSON.parse(body);
      leads.set(String(lead.id), { created_time: new Date().toISOString(), ...lead });
      send(res, 200, { stored: lead.id });
    });
    return;
  }
  const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  if (url.searchParams.get('access_token') !== token)
    return send(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
  if (url.searchParams.get('fields') === 'id') return send(res, 200, { id });
  const lead = leads.get(id);
  return lead ? send(res, 200, lead) : send(res, 400, unknown(id));
}).listen(Number(process.env.PORT ?? 4010), '127.0.0.1', () =>
  console.log(`fake Graph API on http://127.0.0.1:${process.env.PORT ?? 4010}/v21.0`),
);
