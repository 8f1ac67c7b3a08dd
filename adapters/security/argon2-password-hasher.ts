import argon2 from 'argon2';
import type { PasswordHasher } from '../../application/identity/ports/security.js';

/** argon2id with OWASP's minimum parameters: m=19 MiB, t=2, p=1. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher implements PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never verifies
    }
  }

  async burn(password: string): Promise<void> {
    this.dummy ??= argon2.hash('not-a-real-password', OPTIONS);
    await this.verify(await this.dummy, password);
  }
}
