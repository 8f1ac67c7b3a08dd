import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { TargetRefusal, WebhookResponse, WebhookTargets, WebhookTransport } from '../../../application/webhooks/ports.js';

/**
 * A webhook may reach only global unicast addresses (SSRF): ipaddr.js names every special range
 * (loopback, private, link-local with cloud metadata at 169.254.169.254, carrier-grade NAT,
 * multicast, reserved, documentation, site-local, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`,
 * Teredo, 6to4, SIIT `::ffff:0:0:0/96`…), and an IPv4-mapped address (`::ffff:a.b.c.d`) is judged
 * as the IPv4 address it is. ipaddr.js calls the deprecated IPv4-compatible `::a.b.c.d` (`::/96`)
 * unicast, though a host may route `::7f00:1` to 127.0.0.1: refused here by hand, in its dotted
 * form too (which ipaddr.js misreads as IPv4-mapped, and which `inet_ntop`, so DNS answers, writes).
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const DOTTED_IPV4_COMPATIBLE = /^::(\d{1,3}\.){3}\d{1,3}$/;

export const isPrivateAddress = (address: string): boolean => {
  if (!isIP(address) || !ipaddr.isValid(address) || DOTTED_IPV4_COMPATIBLE.test(address)) return true;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return true;
  return parsed.range() !== 'unicast';
};

type Resolved = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: TargetRefusal; detail: string };

export interface TransportOptions {
  /** WEBHOOK_ALLOW_PRIVATE: private targets allowed (a closed network, tests). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** How names are resolved (tests give a fake resolver). */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The URL check at registration and the POST of each try, one rule for both: http(s) only, the
 * name resolved and every address checked (one private address refuses the target: a name may
 * answer several), then the connection pinned to the checked address through the request's
 * `lookup`, so a second resolution (DNS rebinding) cannot send it elsewhere. Redirects are not
 * followed. The whole try is bounded by `timeoutMs`.
 */
export class GuardedWebhookTransport implements WebhookTargets, WebhookTransport {
  private readonly resolveName: NonNullable<TransportOptions['resolve']>;

  constructor(private readonly options: TransportOptions) {
    this.resolveName = options.resolve ?? systemResolve;
  }

  async check(url: string): Promise<{ ok: true } | { ok: false; reason: TargetRefusal; detail: string }> {
    const target = await this.resolveTarget(url);
    return target.ok ? { ok: true } : target;
  }

  private async resolveTarget(raw: string): Promise<Resolved> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, reason: 'INVALID_URL', detail: 'not a URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, reason: 'INVALID_URL', detail: 'must be an http or https URL' };
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await this.resolveName(host);
      } catch {
        addresses = [];
      }
    }
    if (addresses.length === 0) return { ok: false, reason: 'UNRESOLVABLE', detail: `${host} does not resolve` };
    if (!this.options.allowPrivate) {
      const refused = addresses.find((a) => isPrivateAddress(a.address));
      if (refused)
        return {
          ok: false,
          reason: 'PRIVATE_ADDRESS',
          detail: `${host} resolves to a private, loopback or link-local address (${refused.address})`,
        };
    }
    const first = addresses[0]!;
    return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  async post(rawUrl: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
    const target = await this.resolveTarget(rawUrl);
    if (!target.ok) return { statusCode: null, error: `target refused: ${target.detail}` };
    const url = new URL(rawUrl);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address: target.address, family: target.family },
        ]);
      else callback(null, target.address, target.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (r: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body), 'user-agent': 'lms-webhooks/1' },
          lookup: pinned,
          agent: false,
        },
        (res: IncomingMessage) => {
          // Only the status counts: the body is not read, and a slow one holds nothing open.
          finish({ statusCode: res.statusCode ?? null, error: null });
          res.destroy();
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        finish({ statusCode: null, error: `timeout after ${this.options.timeoutMs} ms` });
      }, this.options.timeoutMs);
      req.on('error', (error) => finish({ statusCode: null, error: error.message }));
      req.end(body);
    });
  }
}
