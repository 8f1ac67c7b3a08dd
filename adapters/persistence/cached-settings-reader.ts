import type { SettingsReader, SettingsRepository } from '../../application/platform/ports.js';
import type { Cache } from '../../application/shared/ports.js';
import { withDefaults, type SettingsMap } from '../../domain/platform/settings.js';

/** Settings are read on hot paths (login, register, payments), so they are cached per tenant. */
export class CachedSettingsReader implements SettingsReader {
  constructor(
    private readonly settingsRepository: SettingsRepository,
    private readonly cache: Cache<SettingsMap>,
  ) {}

  get(tenantId: string): Promise<SettingsMap> {
    return this.cache.read(tenantId, async () => withDefaults(await this.settingsRepository.load(tenantId)));
  }

  invalidate(tenantId: string): Promise<void> {
    return this.cache.invalidate(tenantId);
  }
}
