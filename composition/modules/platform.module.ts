import { asFunction, asValue } from 'awilix';
import { join } from 'node:path';
import type { AppModule } from '../app-module.js';
import type { LogPort } from '../../application/shared/ports.js';
import { makeMailer } from '../../application/platform/mail-service.js';
import { makeDeliverMail } from '../../application/platform/use-cases/deliver-mail.usecase.js';
import { makeGetPublicSettings } from '../../application/platform/use-cases/get-public-settings.usecase.js';
import { makeGetAdminSettings } from '../../application/platform/use-cases/get-admin-settings.usecase.js';
import { makeUpdateSettings } from '../../application/platform/use-cases/update-settings.usecase.js';
import { makeListAuditLogs } from '../../application/platform/use-cases/list-audit-logs.usecase.js';
import { makeListOutbox } from '../../application/platform/use-cases/list-outbox.usecase.js';
import { makeDashboardOverview } from '../../application/platform/use-cases/dashboard-overview.usecase.js';
import { makeAuditLogPg, makeMailPgRepository, makeSettingsPgRepository } from '../../adapters/persistence/pg/platform.pg-repositories.js';
import { CachedSettingsReader } from '../../adapters/persistence/cached-settings-reader.js';
import { outboxMailTransport } from '../../adapters/gateways/mail/outbox-mail-transport.js';
import { smtpMailTransport } from '../../adapters/gateways/mail/smtp-mail-transport.js';
import { makeDeliverMailJob } from '../../adapters/jobs/deliver-mail.job.js';
import { makeRelayMailJob } from '../../adapters/jobs/relay-mail.job.js';
import { makeRelayQueuedMail } from '../../application/platform/use-cases/relay-queued-mail.usecase.js';
import { RELAY_MAIL_JOB } from '../../application/platform/mail-service.js';
import { makePlatformRoutes } from '../../adapters/http/routes/platform.routes.js';
import type { SettingsRepository } from '../../application/platform/ports.js';
import type { SettingsMap } from '../../domain/platform/settings.js';
import type { LruCaches } from '../../adapters/cache/lru-caches.js';
import { makeFileService } from '../../application/platform/file-service.js';
import { makeUploadFile } from '../../application/platform/use-cases/upload-file.usecase.js';
import { makeListFiles } from '../../application/platform/use-cases/list-files.usecase.js';
import { makeDeleteFile } from '../../application/platform/use-cases/delete-file.usecase.js';
import { makeOpenFile } from '../../application/platform/use-cases/open-file.usecase.js';
import { makeListProvinces } from '../../application/platform/use-cases/list-provinces.usecase.js';
import { makeListRegencies } from '../../application/platform/use-cases/list-regencies.usecase.js';
import { makeListDistricts } from '../../application/platform/use-cases/list-districts.usecase.js';
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
    mailer: asFunction(makeMailer).singleton(),
    mailTransport:
      config.MAILER === 'smtp' && config.SMTP_URL
        ? asValue(smtpMailTransport(config.SMTP_URL, config.MAIL_FROM))
        : asFunction(({ log }: { log: LogPort }) =>
            outboxMailTransport({ emlDir: config.production ? null : join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, log }),
          ).singleton(),
    deliverMail: asFunction(makeDeliverMail).singleton(),
    deliverMailJob: asFunction(makeDeliverMailJob).singleton(),
    outboxRelayMs: asValue(config.OUTBOX_RELAY_MS),
    relayQueuedMail: asFunction(makeRelayQueuedMail).singleton(),
    relayMailJob: asFunction(makeRelayMailJob).singleton(),
    getPublicSettings: asFunction(makeGetPublicSettings).singleton(),
    getAdminSettings: asFunction(makeGetAdminSettings).singleton(),
    updateSettings: asFunction(makeUpdateSettings).singleton(),
    listAuditLogs: asFunction(makeListAuditLogs).singleton(),
    listOutbox: asFunction(makeListOutbox).singleton(),
    dashboardOverview: asFunction(makeDashboardOverview).singleton(),
    platformRoutes: asFunction(makePlatformRoutes).singleton(),
    // Files: bytes behind the FileStorage port (local disk under `uploadDir`), metadata in `files`.
    fileStorage: asFunction(({ uploadDir }: { uploadDir: string }) => new LocalDiskFileStorage(uploadDir)).singleton(),
    fileRepository: asFunction(makeFilePgRepository).singleton(),
    fileService: asFunction(makeFileService).singleton(),
    uploadFile: asFunction(makeUploadFile).singleton(),
    listFiles: asFunction(makeListFiles).singleton(),
    deleteFile: asFunction(makeDeleteFile).singleton(),
    openFile: asFunction(makeOpenFile).singleton(),
    fileRoutes: asFunction(makeFileRoutes).singleton(),
    // Regions: the idn-area-data CSVs, parsed once and kept in memory.
    regionDirectory: asFunction(makeIdnAreaRegions).singleton(),
    listProvinces: asFunction(makeListProvinces).singleton(),
    listRegencies: asFunction(makeListRegencies).singleton(),
    listDistricts: asFunction(makeListDistricts).singleton(),
    regionRoutes: asFunction(makeRegionRoutes).singleton(),
  }),
  routes: ['platformRoutes', 'fileRoutes', 'regionRoutes'],
  jobs: ['deliverMailJob', 'relayMailJob'],
  schedules: [{ job: RELAY_MAIL_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
};
