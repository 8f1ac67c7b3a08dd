import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { HttpError } from '../kit/errors.js';
import type { RateLimitName } from '../kit/route-table.js';

export interface RateLimitSettings {
  global: number;
  critical: number;
  upload: number;
  ai: number;
  /** Failed webhook proofs per IP and minute; past them, every webhook request of the IP answers 429. */
  webhookFailures: number;
  /** When the shared store fails: let the request through (`open`) or refuse it (`closed`). */
  onStoreFailure: 'open' | 'closed';
}

/**
 * Fixed one-minute windows (spec "Limits"). In memory for one process, in Redis when REDIS_URL
 * is set, so every API process counts against the same budget.
 */
export class RateLimits {
  private readonly limiters: Record<'global' | Exclude<RateLimitName, 'exempt' | 'webhook'>, RateLimiterAbstract>;
  private readonly webhookFailures: RateLimiterAbstract;

  /** @param onRefused counts each 429 by limiter (/metrics). */
  constructor(
    private readonly settings: RateLimitSettings,
    redis: Redis | null,
    prefix: string,
    private readonly onRefused: (limiter: string) => void = () => {},
  ) {
    const make = (name: string, points: number) =>
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${prefix}:rl:${name}:${points}`,
            points,
            duration: 60,
            useRedisPackage: false,
          })
        : new RateLimiterMemory({ keyPrefix: name, points, duration: 60 });
    this.limiters = {
      global: make('global', settings.global),
      critical: make('critical', settings.critical),
      upload: make('upload', settings.upload),
      ai: make('ai', settings.ai),
    };
    this.webhookFailures = make('webhook-failures', settings.webhookFailures);
  }

  async consume(ctx: Context, name: 'global' | Exclude<RateLimitName, 'exempt' | 'webhook'>, key: string): Promise<void> {
    const limiter = this.limiters[name];
    try {
      const res = await limiter.consume(key);
      ctx.set('X-RateLimit-Limit', String(limiter.points));
      ctx.set('X-RateLimit-Remaining', String(res.remainingPoints));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        throw this.exceeded(name, rejection, `${name} limit of ${limiter.points} requests per minute`, limiter.points);
      this.storeFailed();
    }
  }

  /**
   * Before a webhook request: an IP that has used up its failed proofs this minute is answered
   * 429 before its proof is even looked at, whatever it holds. Were a right guess let through,
   * 200 against 429 would still tell a guesser when they hit, and the limit would protect nothing.
   */
  async refuseBlockedWebhookCaller(key: string): Promise<void> {
    const limiter = this.webhookFailures;
    let res: RateLimiterRes | null;
    try {
      res = await limiter.get(key);
    } catch {
      this.storeFailed();
      return;
    }
    if (res && res.consumedPoints >= limiter.points) throw this.exceeded('webhook', res, this.webhookDetail(), limiter.points);
  }

  /** After a failed proof: counts it; one past the limit (concurrent failures) answers 429 already. */
  async countFailedWebhookProof(key: string): Promise<void> {
    try {
      await this.webhookFailures.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw this.exceeded('webhook', rejection, this.webhookDetail(), this.webhookFailures.points);
      this.storeFailed();
    }
  }

  private webhookDetail() {
    return `limit of ${this.webhookFailures.points} failed webhook proofs per minute`;
  }

  private exceeded(limiter: string, res: RateLimiterRes, detail: string, points: number): HttpError {
    this.onRefused(limiter);
    return new HttpError(429, 'Rate limit exceeded', detail, {
      headers: {
        'Retry-After': String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
        'X-RateLimit-Limit': String(points),
        'X-RateLimit-Remaining': '0',
      },
    });
  }

  /** The store itself failed (Redis away). */
  private storeFailed(): void {
    if (this.settings.onStoreFailure === 'closed') throw new HttpError(503, 'Service unavailable', 'rate limit store unavailable');
  }
}
