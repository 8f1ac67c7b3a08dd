import type { RoleLevel } from '../../../domain/identity/role.js';
import type { PersonMatch } from '../../../domain/crm/lead-link.js';
import type { Minor } from '../../../domain/shared/money.js';

/**
 * What the CRM reads of the other contexts about a lead's person (issue 20): identity's users,
 * commerce's orders, learning's enrolments. Read-only ports; the adapters read those contexts'
 * tables (PostgreSQL) or their memory repositories (tests).
 */
export interface PersonSummary {
  id: string;
  name: string;
  role: RoleLevel;
}

export interface PeopleDirectory {
  /**
   * The tenant's users (not deleted) whose email equals `email` (case-insensitive) or whose
   * phone equals `phone` (E.164), with what matched.
   */
  matching(tenantId: string, contact: { email: string | null; phone: string | null }): Promise<PersonMatch[]>;
  findManyByIds(tenantId: string, ids: readonly string[]): Promise<PersonSummary[]>;
  /** The user's email and phone, or null for an unknown or deleted user. */
  contactOf(tenantId: string, userId: string): Promise<{ email: string; phone: string | null } | null>;
}

export interface CustomerOrder {
  id: string;
  status: string;
  total: Minor;
  currency: string;
  createdAt: Date;
  paidAt: Date | null;
}

export interface CustomerEnrolment {
  courseId: string;
  courseTitle: string;
  status: string;
  /** Completed lessons as a percentage of the course's lessons (0–100, 2 decimals). */
  progress: number;
  /** When the course was completed (its certificate was issued), else null. */
  completedAt: Date | null;
}

export interface CustomerRecords {
  /** Newest first, at most `limit`. */
  orders(tenantId: string, userId: string, limit: number): Promise<CustomerOrder[]>;
  /** The sum of the person's paid orders (numeric sum in the database; 0 when none). */
  paidTotal(tenantId: string, userId: string): Promise<Minor>;
  /** Newest first, at most `limit`. */
  enrolments(tenantId: string, userId: string, limit: number): Promise<CustomerEnrolment[]>;
}
