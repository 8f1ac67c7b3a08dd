import type { SettingsReader, SettingsRepository } from '../../application/platform/ports.js';
import { withDefaults, type SettingsMap } from '../../domain/platform/settings.js';

/**
 * Settings are read on hot paths (login, register), so they are cached per tenant. A write in
 * this process invalidates at once; other API processes see it within `ttlMs`.
 */
export class CachedSettingsReader implements SettingsReader {
  private readonly cache = new Map<string, { value: SettingsMap; until: number }>();

  constructor(private readonly settingsRepository: SettingsRepository, private readonly ttlMs = 2000) {}

  async get(tenantId: string): Promise<SettingsMap> {
    const hit = this.cache.get(tenantId);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = withDefaults(await this.settingsRepository.load(tenantId));
    this.cache.set(tenantId, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  invalidate(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}
