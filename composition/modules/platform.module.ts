import { asFunction, asValue } from 'awilix';
import { join } from 'node:path';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { platformJobs } from '../../adapters/jobs/registry.js';
import { platformRoutes } from '../../adapters/http/routes/registry.js';
import { platformRepositories } from '../../adapters/persistence/pg/registry.js';
import { platformUseCases } from '../../application/platform/registry.js';
import type { LogPort } from '../../application/shared/ports.js';
import { CachedSettingsReader } from '../../adapters/persistence/cached-settings-reader.js';
import { outboxMailTransport } from '../../adapters/gateways/mail/outbox-mail-transport.js';
import { smtpMailTransport } from '../../adapters/gateways/mail/smtp-mail-transport.js';
import { RELAY_MAIL_JOB } from '../../application/platform/mail-service.js';
import type { SettingsRepository } from '../../application/platform/ports.js';
import type { SettingsMap } from '../../domain/platform/settings.js';
import type { LruCaches } from '../../adapters/cache/lru-caches.js';
import { LocalDiskFileStorage } from '../../adapters/storage/local-disk-file-storage.js';
import { makeIdnAreaRegions } from '../../adapters/gateways/regions/idn-area-regions.js';

export const platformModule: AppModule = {
  name: 'platform',
  registrations: (config) => ({
    ...factories(platformRepositories),
    // 5 s: how long another process may read old settings without Redis.
    settingsReader: asFunction(
      ({ settingsRepository, caches }: { settingsRepository: SettingsRepository; caches: LruCaches }) =>
        new CachedSettingsReader(settingsRepository, caches.create<SettingsMap>('settings', { ttlMs: 5_000, maxSize: 4_000_000 })),
    ).singleton(),
    mailDomain: asValue(new URL(config.publicUrl).hostname),
    allowLocalHttpPages: asValue(!config.production),
    ...factories(platformUseCases),
    mailTransport:
      config.MAILER === 'smtp' && config.SMTP_URL
        ? asValue(smtpMailTransport(config.SMTP_URL, config.MAIL_FROM))
        : asFunction(({ log }: { log: LogPort }) =>
            outboxMailTransport({ emlDir: config.production ? null : join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, log }),
          ).singleton(),
    ...factories(platformJobs),
    outboxRelayMs: asValue(config.OUTBOX_RELAY_MS),
    ...factories(platformRoutes),
    // Files: bytes behind the FileStorage port (local disk under `uploadDir`), metadata in `files`.
    fileStorage: asFunction(({ uploadDir }: { uploadDir: string }) => new LocalDiskFileStorage(uploadDir)).singleton(),
    // Regions: the idn-area-data CSVs, parsed once and kept in memory.
    regionDirectory: asFunction(makeIdnAreaRegions).singleton(),
  }),
  routes: Object.keys(platformRoutes),
  jobs: Object.keys(platformJobs),
  schedules: [{ job: RELAY_MAIL_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
};
