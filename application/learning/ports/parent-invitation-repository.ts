import type { ParentInvitation } from '../../../domain/learning/parent-invitation.js';

export interface ParentInvitationRepository {
  insert(invitation: ParentInvitation): Promise<void>;
  /** Earlier unused invitations of the student to the address stop working (a new one replaces them). */
  retire(tenantId: string, studentId: string, email: string, at: Date): Promise<void>;
  /** Invitations the student sent since `since` (the mail budget). */
  countSince(tenantId: string, studentId: string, since: Date): Promise<number>;
  /** The invitation of this token if it is unused and unexpired at `at`, else null (no write). */
  findUsable(tokenHash: string, at: Date): Promise<ParentInvitation | null>;
  /**
   * Uses the invitation if it is still unused and unexpired at `at`, atomically (a conditional
   * update): of concurrent calls with one token exactly one gets true.
   */
  consume(tenantId: string, id: string, at: Date): Promise<boolean>;
}
