import type { RoleLevel, UserStatusValue } from '../../../domain/identity/role.js';

/** A login on one device: the family of its refresh tokens and, for browsers, its session. */
export interface Login {
  id: string;
  tenantId: string;
  userId: string;
  method: 'password' | 'passkey';
  sessionHash: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

/** What authentication needs of a login in one read: is it live, and who is behind it now. */
export interface LoginPrincipal {
  loginId: string;
  tenantId: string;
  userId: string;
  username: string;
  role: RoleLevel;
  status: UserStatusValue;
  revokedAt: Date | null;
  expiresAt: Date;
}

export type ConsumeOutcome = 'consumed' | 'already_used' | 'unknown';

export interface LoginRepository {
  create(login: Login): Promise<void>;
  principal(loginId: string): Promise<LoginPrincipal | null>;
  principalBySession(sessionHash: string): Promise<LoginPrincipal | null>;
  revoke(loginId: string, reason: string, at: Date): Promise<void>;
  /** Every live login of the user but `except` (the caller's own, when it stays). */
  revokeAllOfUser(userId: string, reason: string, at: Date, except?: string): Promise<number>;
  addRefreshToken(token: { jti: string; loginId: string; issuedAt: Date; expiresAt: Date }): Promise<void>;
  /** Marks the token used if and only if it was unused, atomically: of N concurrent calls one wins. */
  consumeRefreshToken(jti: string, loginId: string, at: Date): Promise<ConsumeOutcome>;
}
