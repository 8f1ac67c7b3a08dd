import type { Built } from '../shared/registry.js';
import { makeMailer } from './mail-service.js';
import { makeDeliverMail } from './use-cases/deliver-mail.usecase.js';
import { makeRelayQueuedMail } from './use-cases/relay-queued-mail.usecase.js';
import { makeGetPublicSettings } from './use-cases/get-public-settings.usecase.js';
import { makeGetAdminSettings } from './use-cases/get-admin-settings.usecase.js';
import { makeUpdateSettings } from './use-cases/update-settings.usecase.js';
import { makeListAuditLogs } from './use-cases/list-audit-logs.usecase.js';
import { makeListOutbox } from './use-cases/list-outbox.usecase.js';
import { makeDashboardOverview } from './use-cases/dashboard-overview.usecase.js';
import { makeFileService } from './file-service.js';
import { makeUploadFile } from './use-cases/upload-file.usecase.js';
import { makeListFiles } from './use-cases/list-files.usecase.js';
import { makeDeleteFile } from './use-cases/delete-file.usecase.js';
import { makeOpenFile } from './use-cases/open-file.usecase.js';
import { makeListProvinces } from './use-cases/list-provinces.usecase.js';
import { makeListRegencies } from './use-cases/list-regencies.usecase.js';
import { makeListDistricts } from './use-cases/list-districts.usecase.js';

/** Platform's use cases and services, each under the name the container gives it (one line each). */
export const platformUseCases = {
  mailer: makeMailer,
  deliverMail: makeDeliverMail,
  relayQueuedMail: makeRelayQueuedMail,
  getPublicSettings: makeGetPublicSettings,
  getAdminSettings: makeGetAdminSettings,
  updateSettings: makeUpdateSettings,
  listAuditLogs: makeListAuditLogs,
  listOutbox: makeListOutbox,
  dashboardOverview: makeDashboardOverview,
  fileService: makeFileService,
  uploadFile: makeUploadFile,
  listFiles: makeListFiles,
  deleteFile: makeDeleteFile,
  openFile: makeOpenFile,
  listProvinces: makeListProvinces,
  listRegencies: makeListRegencies,
  listDistricts: makeListDistricts,
};

/** What the container holds for this context: what its table builds; route modules `Pick` from it. */
export type PlatformRegistry = Built<typeof platformUseCases>;
