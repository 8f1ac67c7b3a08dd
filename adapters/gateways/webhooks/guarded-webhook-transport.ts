import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { TargetRefusal, WebhookResponse, WebhookTargets, WebhookTransport } from '../../../application/webhooks/ports.js';

/**
 * Address ranges a webhook may not reach (SSRF): this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and documentation
 * ranges. IPv4 inside IPv6 (mapped, NAT64, 6to4) is judged by its IPv4 address.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64]] as const) blocked.addSubnet(net, prefix, 'ipv6');

const embeddedIpv4 = (address: string): string | null => {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower) ?? /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(lower);
  if (!hex) return null;
  const a = parseInt(hex[1]!, 16);
  const b = parseInt(hex[2]!, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
};

export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== null ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
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
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'INVALID_URL', detail: 'must be an http or https URL' };
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
      if (refused) return { ok: false, reason: 'PRIVATE_ADDRESS', detail: `${host} resolves to a private, loopback or link-local address (${refused.address})` };
    }
    const first = addresses[0]!;
    return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  async post(rawUrl: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
    const target = await this.resolveTarget(rawUrl);
    if (!target.ok) return { statusCode: null, error: `target refused: ${target.detail}` };
    const url = new URL(rawUrl);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
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
      const req = send(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body), 'user-agent': 'lms-webhooks/1' },
        lookup: pinned,
        agent: false,
      }, (res: IncomingMessage) => {
        // Only the status counts: the body is not read, and a slow one holds nothing open.
        finish({ statusCode: res.statusCode ?? null, error: null });
        res.destroy();
      });
      const timer = setTimeout(() => {
        req.destroy();
        finish({ statusCode: null, error: `timeout after ${this.options.timeoutMs} ms` });
      }, this.options.timeoutMs);
      req.on('error', (error) => finish({ statusCode: null, error: error.message }));
      req.end(body);
    });
  }
}
