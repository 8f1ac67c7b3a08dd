export interface VerificationCode {
  id: string;
  tenantId: string;
  email: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export interface VerificationCodeRepository {
  insert(code: VerificationCode): Promise<void>;
  latest(tenantId: string, email: string): Promise<VerificationCode | null>;
  countSince(tenantId: string, email: string, since: Date): Promise<number>;
  recordAttempt(id: string): Promise<void>;
  /** Marks used only if unused: a code verifies one registration. */
  markUsed(id: string, at: Date): Promise<boolean>;
}
