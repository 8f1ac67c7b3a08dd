export interface PasswordResetToken {
  id: string;
  tenantId: string;
  userId: string;
  /** Digest of the mailed token (`SecretDigest`); the token itself is never stored. */
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export interface PasswordResetRepository {
  insert(token: PasswordResetToken): Promise<void>;
  /** Marks every unused token of the user used: a new one voids the earlier ones. */
  voidAllOfUser(tenantId: string, userId: string, at: Date): Promise<void>;
  countSince(tenantId: string, userId: string, since: Date): Promise<number>;
  /**
   * Uses the token if it is unused and not expired at `at`, atomically (a conditional update):
   * of concurrent calls with one token, one gets its user, the others null.
   */
  consume(tokenHash: string, at: Date): Promise<{ tenantId: string; userId: string } | null>;
}
