import type { Certificate, CertificateTemplate } from '../../../domain/learning/certificate.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface CertificateRepository {
  find(tenantId: string, userId: string, courseId: string): Promise<Certificate | null>;
  /**
   * By code across tenants: codes are unique everywhere and unguessable, so a QR code scanned
   * on any phone (no tenant header) verifies. The only unscoped read of this context.
   */
  findByCode(code: string): Promise<Certificate | null>;
  /** Inserts unless the user already has a certificate for the course; true when inserted. */
  insertIfAbsent(certificate: Certificate): Promise<boolean>;
  listOfUsers(tenantId: string, userIds: readonly string[], page: PageRequest): Promise<Page<Certificate>>;
  count(tenantId: string, filter?: { since?: Date; courseId?: string }): Promise<number>;
  /** Certificates per user, in one query. */
  countByUsers(tenantId: string, userIds: readonly string[]): Promise<Map<string, number>>;
  getTemplate(tenantId: string, courseId: string): Promise<CertificateTemplate | null>;
  saveTemplate(template: CertificateTemplate): Promise<void>;
  deleteTemplate(tenantId: string, courseId: string): Promise<boolean>;
}
