/**
 * The platform context's public API for other contexts (style rule 8): files, the dashboard
 * contributor mechanism, mail and audit ports.
 */
export { makeFileService, DOWNLOAD_PREFIX, type FileService, type IncomingFile } from './file-service.js';
export type { AuditLog, DashboardContributor, Mailer, FileStorage, RegionDirectory } from './ports.js';
export type { StoredFile } from '../../domain/platform/file-types.js';
