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
  /** When the shared store fails: let the request through (`open`) or refuse it (`closed`). */
  onStoreFailure: 'open' | 'closed';
}

/**
 * Fixed one-minute windows (spec "Limits"). In memory for one process, in Redis when REDIS_URL
 * is set, so every API process counts against the same budget.
 */
export class RateLimits {
  private readonly limiters: Record<'global' | Exclude<RateLimitName, 'exempt'>, RateLimiterAbstract>;

  constructor(private readonly settings: RateLimitSettings, redis: Redis | null, prefix: string) {
    const make = (name: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rl:${name}:${points}`, points, duration: 60, useRedisPackage: false })
        : new RateLimiterMemory({ keyPrefix: name, points, duration: 60 });
    this.limiters = {
      global: make('global', settings.global),
      critical: make('critical', settings.critical),
      upload: make('upload', settings.upload),
      ai: make('ai', settings.ai),
    };
  }

  async consume(ctx: Context, name: 'global' | Exclude<RateLimitName, 'exempt'>, key: string): Promise<void> {
    const limiter = this.limiters[name];
    try {
      const res = await limiter.consume(key);
      ctx.set('X-RateLimit-Limit', String(limiter.points));
      ctx.set('X-RateLimit-Remaining', String(res.remainingPoints));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        throw new HttpError(429, 'Rate limit exceeded', `${name} limit of ${limiter.points} requests per minute`, {
          'Retry-After': retryAfter,
          'X-RateLimit-Limit': String(limiter.points),
          'X-RateLimit-Remaining': '0',
        });
      }
      // The store itself failed (Redis away).
      if (this.settings.onStoreFailure === 'closed') throw new HttpError(503, 'Service unavailable', 'rate limit store unavailable');
    }
  }
}
