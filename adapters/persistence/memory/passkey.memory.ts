import type { Passkey } from '../../../domain/identity/passkey.js';
import type { PasskeyRepository } from '../../../application/identity/ports/passkey-repository.js';
import { Role } from '../../../domain/identity/role.js';
import type { MemoryUserRepository } from './identity.memory.js';
import { clone, newestFirst } from './paging.js';
import { rowsWhere } from './tenant-rows.js';

/** In-memory passkeys for use-case tests; it reads users' roles for the Super Admin rule. */
export class MemoryPasskeyRepository implements PasskeyRepository {
  readonly rows = new Map<string, Passkey>();

  constructor(private readonly users: MemoryUserRepository) {}

  async insert(passkey: Passkey) {
    if ([...this.rows.values()].some((p) => p.tenantId === passkey.tenantId && p.credentialId === passkey.credentialId)) return false;
    this.rows.set(passkey.id, clone(passkey));
    return true;
  }
  async listByUser(tenantId: string, userId: string) {
    return rowsWhere(this.rows.values(), { tenantId, userId }, newestFirst);
  }
  async findForLogin(tenantId: string, credentialId: string) {
    const matches = [...this.rows.values()].filter((p) => p.credentialId === credentialId);
    const found =
      matches.find((p) => p.tenantId === tenantId) ?? matches.find((p) => this.users.rows.get(p.userId)?.role === Role.SuperAdmin);
    return found ? clone(found) : null;
  }
  async recordUse(tenantId: string, id: string, use: { counter: number; backedUp: boolean; at: Date }) {
    const p = this.rows.get(id);
    if (!p || p.tenantId !== tenantId) return false;
    if (use.counter === 0 ? p.counter !== 0 : p.counter >= use.counter) return false;
    Object.assign(p, { counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at });
    return true;
  }
  async deleteAllOfUser(tenantId: string, userId: string) {
    for (const [id, p] of this.rows) if (p.tenantId === tenantId && p.userId === userId) this.rows.delete(id);
  }
  async rename(tenantId: string, userId: string, id: string, name: string) {
    const p = this.rows.get(id);
    if (!p || p.tenantId !== tenantId || p.userId !== userId) return null;
    p.name = name;
    return clone(p);
  }
  async delete(tenantId: string, userId: string, id: string) {
    const p = this.rows.get(id);
    if (!p || p.tenantId !== tenantId || p.userId !== userId) return false;
    this.rows.delete(id);
    return true;
  }
}
