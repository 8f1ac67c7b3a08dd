import type { LinkingCode, ParentLink } from '../../../domain/learning/parent-link.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export type ConsumeCodeOutcome = { ok: true; studentId: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

export interface ParentLinkRepository {
  insertCode(code: LinkingCode): Promise<void>;
  /** Unused codes of the student stop working (a new code replaces them). */
  retireCodes(tenantId: string, studentId: string, at: Date): Promise<void>;
  /** Marks the code used if and only if it is unused and unexpired, atomically (single use). */
  consumeCode(tenantId: string, codeHash: string, parentId: string, at: Date): Promise<ConsumeCodeOutcome>;
  /** True when the link is new. */
  link(link: ParentLink): Promise<boolean>;
  unlink(tenantId: string, parentId: string, studentId: string): Promise<boolean>;
  isLinked(tenantId: string, parentId: string, studentId: string): Promise<boolean>;
  /** Newest link first. */
  listLinks(tenantId: string, parentId: string, page: PageRequest): Promise<Page<ParentLink>>;
  studentIdsOf(tenantId: string, parentId: string): Promise<string[]>;
}
