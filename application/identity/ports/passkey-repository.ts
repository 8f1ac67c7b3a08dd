import type { Passkey } from '../../../domain/identity/passkey.js';

export interface PasskeyRepository {
  /** False when the credential id is already registered in the tenant (nothing written). */
  insert(passkey: Passkey): Promise<boolean>;
  /** The user's passkeys, newest first. */
  listByUser(tenantId: string, userId: string): Promise<Passkey[]>;
  /**
   * The credential presented at a login in `tenantId`: one stored in that tenant, or one of a
   * Super Admin (global, contract §4) stored in their home tenant. The tenant's own wins.
   */
  findForLogin(tenantId: string, credentialId: string): Promise<Passkey | null>;
  /**
   * Stores the new counter and `last_used_at` only if the counter rule still holds against the
   * stored value (a conditional update): of two concurrent assertions with one counter, one wins.
   */
  recordUse(tenantId: string, id: string, use: { counter: number; backedUp: boolean; at: Date }): Promise<boolean>;
  /** The passkey under its new name; null when the user has no such passkey. */
  rename(tenantId: string, userId: string, id: string, name: string): Promise<Passkey | null>;
  /** False when the user has no such passkey. */
  delete(tenantId: string, userId: string, id: string): Promise<boolean>;
  /** Removes every passkey of a deleted (anonymised) account. */
  deleteAllOfUser(tenantId: string, userId: string): Promise<void>;
}
