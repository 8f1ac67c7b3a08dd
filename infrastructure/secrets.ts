import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret that the operator did not configure is generated once and kept in DATA_DIR
 * (mode 0600), so tokens and signatures stay valid across restarts (contract §1).
 */
export function persistentSecret(dataDir: string, name: string, bytes = 64): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(bytes).toString('hex');
  try {
    writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  } catch {
    // Another process created it first: use theirs.
    return readFileSync(file, 'utf8').trim();
  }
}
