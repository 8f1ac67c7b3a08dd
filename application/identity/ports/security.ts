import type { RoleLevel } from '../../../domain/identity/role.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a verification, so an unknown email answers as slowly as a known one. */
  burn(password: string): Promise<void>;
}

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  id: string;
  username: string;
  role: RoleLevel;
  tid: string;
  typ: TokenType;
  jti: string;
  /** The login (token family) this token belongs to. */
  sid: string;
  iat: number;
  exp: number;
  iss: string;
}

export type VerifyOutcome = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  sign(claims: Omit<TokenClaims, 'iat' | 'exp' | 'iss'>, now: Date): string;
  verify(token: string, expected: TokenType, now: Date): VerifyOutcome;
  readonly accessTtlSeconds: number;
  readonly refreshTtlSeconds: number;
}

/** Hash of an opaque secret (session cookie, codes) for storage and constant-time lookup. */
export interface SecretDigest {
  digest(secret: string): string;
  equals(a: string, b: string): boolean;
}
