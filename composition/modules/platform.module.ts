import { asFunction, asValue } from 'awilix';
import { join } from 'node:path';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { platformUseCases } from '../../application/platform/registry.js';
import type { LogPort } from '../../application/shared/ports.js';
import { makeAuditLogPg, makeMailPgRepository, makeSettingsPgRepository } from '../../adapters/persistence/pg/platform.pg-repositories.js';
import { CachedSettingsReader } from '../../adapters/persistence/cached-settings-reader.js';
import { outboxMailTransport } from '../../adapters/gateways/mail/outbox-mail-transport.js';
import { smtpMailTransport } from '../../adapters/gateways/mail/smtp-mail-transport.js';
import { makeDeliverMailJob } from '../../adapters/jobs/deliver-mail.job.js';
import { makeRelayMailJob } from '../../adapters/jobs/relay-mail.job.js';
import { RELAY_MAIL_JOB } from '../../application/platform/mail-service.js';
import { makePlatformRoutes } from '../../adapters/http/routes/platform.routes.js';
import type { SettingsRepository } from '../../application/platform/ports.js';
import type { SettingsMap } from '../../domain/platform/settings.js';
import type { LruCaches } from '../../adapters/cache/lru-caches.js';
import { makeFilePgRepository } from '../../adapters/persistence/pg/file.pg-repository.js';
import { LocalDiskFileStorage } from '../../adapters/storage/local-disk-file-storage.js';
import { makeIdnAreaRegions } from '../../adapters/gateways/regions/idn-area-regions.js';
import { makeFileRoutes } from '../../adapters/http/routes/files.routes.js';
import { makeRegionRoutes } from '../../adapters/http/routes/regions.routes.js';

export const platformModule: AppModule = {
  name: 'platform',
  registrations: (config) => ({
    settingsRepository: asFunction(makeSettingsPgRepository).singleton(),
    // 5 s: how long another process may read old settings without Redis.
    settingsReader: asFunction(
      ({ settingsRepository, caches }: { settingsRepository: SettingsRepository; caches: LruCaches }) =>
        new CachedSettingsReader(settingsRepository, caches.create<SettingsMap>('settings', { ttlMs: 5_000, maxSize: 4_000_000 })),
    ).singleton(),
    auditLog: asFunction(makeAuditLogPg).singleton(),
    mailRepository: asFunction(makeMailPgRepository).singleton(),
    mailDomain: asValue(new URL(config.publicUrl).hostname),
    allowLocalHttpPages: asValue(!config.production),
    ...factories(platformUseCases),
    mailTransport:
      config.MAILER === 'smtp' && config.SMTP_URL
        ? asValue(smtpMailTransport(config.SMTP_URL, config.MAIL_FROM))
        : asFunction(({ log }: { log: LogPort }) =>
            outboxMailTransport({ emlDir: config.production ? null : join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, log }),
          ).singleton(),
    deliverMailJob: asFunction(makeDeliverMailJob).singleton(),
    outboxRelayMs: asValue(config.OUTBOX_RELAY_MS),
    relayMailJob: asFunction(makeRelayMailJob).singleton(),
    platformRoutes: asFunction(makePlatformRoutes).singleton(),
    // Files: bytes behind the FileStorage port (local disk under `uploadDir`), metadata in `files`.
    fileStorage: asFunction(({ uploadDir }: { uploadDir: string }) => new LocalDiskFileStorage(uploadDir)).singleton(),
    fileRepository: asFunction(makeFilePgRepository).singleton(),
    fileRoutes: asFunction(makeFileRoutes).singleton(),
    // Regions: the idn-area-data CSVs, parsed once and kept in memory.
    regionDirectory: asFunction(makeIdnAreaRegions).singleton(),
    regionRoutes: asFunction(makeRegionRoutes).singleton(),
  }),
  routes: ['platformRoutes', 'fileRoutes', 'regionRoutes'],
  jobs: ['deliverMailJob', 'relayMailJob'],
  schedules: [{ job: RELAY_MAIL_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
};
