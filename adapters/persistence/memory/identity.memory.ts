import type { LoginPrincipal, Login, LoginRepository } from '../../../application/identity/ports/login-repository.js';
import type { TenantRepository } from '../../../application/identity/ports/tenant-repository.js';
import type { UserRepository } from '../../../application/identity/ports/user-repository.js';
import type { VerificationCode, VerificationCodeRepository } from '../../../application/identity/ports/verification-code-repository.js';
import type { PasswordResetRepository, PasswordResetToken } from '../../../application/identity/ports/password-reset-repository.js';
import type { Tenant } from '../../../domain/identity/tenant.js';
import type { User } from '../../../domain/identity/user.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import { clone, newestFirst, pageOf } from './paging.js';

/** In-memory adapters for use-case tests; the contract tests keep them honest against PostgreSQL. */
export class MemoryUserRepository implements UserRepository {
  readonly rows = new Map<string, User>();

  async findById(tenantId: string, id: string) {
    const u = this.rows.get(id);
    return u && u.tenantId === tenantId ? clone(u) : null;
  }
  async findByEmail(tenantId: string, email: string) {
    const u = [...this.rows.values()].find((r) => r.tenantId === tenantId && r.email === email);
    return u ? clone(u) : null;
  }
  async findByPhone(tenantId: string, phone: string) {
    return [...this.rows.values()].filter((r) => r.tenantId === tenantId && !r.deletedAt && r.phone === phone).map(clone);
  }
  async findSuperAdminByEmail(email: string) {
    const u = [...this.rows.values()].find((r) => r.role === 100 && r.email === email);
    return u ? clone(u) : null;
  }
  async findManyByIds(tenantId: string, ids: readonly string[]) {
    return [...this.rows.values()].filter((r) => r.tenantId === tenantId && ids.includes(r.id)).map(clone);
  }
  async list(tenantId: string, filter: { role?: RoleLevel; status?: number; search?: string }, page: { page: number; pageSize: number }) {
    const s = filter.search?.toLowerCase();
    const all = [...this.rows.values()]
      .filter((r) => r.tenantId === tenantId && !r.deletedAt)
      .filter((r) => filter.role === undefined || r.role === filter.role)
      .filter((r) => filter.status === undefined || r.status === filter.status)
      .filter((r) => !s || [r.displayName, r.email, r.username].some((v) => v.toLowerCase().includes(s)))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async insert(user: User) {
    if (await this.findByEmail(user.tenantId, user.email)) return false;
    this.rows.set(user.id, clone(user));
    return true;
  }
  async update(user: User) {
    const existing = this.rows.get(user.id);
    if (existing && existing.tenantId === user.tenantId) this.rows.set(user.id, clone({ ...user, createdAt: existing.createdAt }));
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId === tenantId) this.rows.delete(id);
  }
  async countSuperAdmins() {
    return [...this.rows.values()].filter((r) => r.role === 100 && !r.deletedAt).length;
  }
  async countByRole(tenantId: string) {
    const out: Partial<Record<RoleLevel, number>> = {};
    for (const r of this.rows.values()) if (r.tenantId === tenantId && !r.deletedAt) out[r.role] = (out[r.role] ?? 0) + 1;
    return out;
  }
}

export class MemoryLoginRepository implements LoginRepository {
  readonly logins = new Map<string, Login>();
  readonly tokens = new Map<string, { jti: string; loginId: string; issuedAt: Date; expiresAt: Date; usedAt: Date | null }>();

  constructor(private readonly users: MemoryUserRepository) {}

  private principalOf(login: Login | undefined): LoginPrincipal | null {
    if (!login) return null;
    const user = this.users.rows.get(login.userId);
    if (!user) return null;
    return {
      loginId: login.id,
      tenantId: login.tenantId,
      userId: login.userId,
      username: user.username,
      role: user.role,
      status: user.status,
      revokedAt: login.revokedAt,
      expiresAt: login.expiresAt,
    };
  }
  async create(login: Login) {
    this.logins.set(login.id, clone(login));
  }
  async principal(loginId: string) {
    return this.principalOf(this.logins.get(loginId));
  }
  async principalBySession(hash: string) {
    return this.principalOf([...this.logins.values()].find((l) => l.sessionHash === hash));
  }
  async revoke(loginId: string, reason: string, at: Date) {
    const l = this.logins.get(loginId);
    if (l && !l.revokedAt) Object.assign(l, { revokedAt: at, revokedReason: reason });
  }
  async revokeAllOfUser(userId: string, reason: string, at: Date, except?: string) {
    let n = 0;
    for (const l of this.logins.values()) {
      if (l.userId === userId && !l.revokedAt && l.id !== except) {
        Object.assign(l, { revokedAt: at, revokedReason: reason });
        n++;
      }
    }
    return n;
  }
  async addRefreshToken(token: { jti: string; loginId: string; issuedAt: Date; expiresAt: Date }) {
    this.tokens.set(token.jti, { ...token, usedAt: null });
    const l = this.logins.get(token.loginId);
    if (l) l.expiresAt = token.expiresAt;
  }
  async consumeRefreshToken(jti: string, loginId: string, at: Date) {
    const t = this.tokens.get(jti);
    if (!t || t.loginId !== loginId) return 'unknown' as const;
    if (t.usedAt) return 'already_used' as const;
    t.usedAt = at;
    return 'consumed' as const;
  }
}

export class MemoryTenantRepository implements TenantRepository {
  readonly rows = new Map<string, Tenant>();
  async findById(id: string) {
    const t = this.rows.get(id);
    return t ? clone(t) : null;
  }
  async findBySlug(slug: string) {
    const t = [...this.rows.values()].find((r) => r.slug === slug);
    return t ? clone(t) : null;
  }
  async list(page: { page: number; pageSize: number }, search?: string) {
    const all = [...this.rows.values()].filter((t) => !search || t.slug.includes(search) || t.name.includes(search)).sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async insert(tenant: Tenant) {
    if (!(await this.findBySlug(tenant.slug))) this.rows.set(tenant.id, clone(tenant));
  }
  async update(tenant: Tenant) {
    this.rows.set(tenant.id, clone(tenant));
  }
  async delete(id: string) {
    this.rows.delete(id);
  }
}

export class MemoryVerificationCodeRepository implements VerificationCodeRepository {
  readonly rows = new Map<string, VerificationCode>();
  async insert(code: VerificationCode) {
    this.rows.set(code.id, clone(code));
  }
  async latest(tenantId: string, email: string) {
    const all = [...this.rows.values()].filter((c) => c.tenantId === tenantId && c.email === email).sort(newestFirst);
    return all[0] ? clone(all[0]) : null;
  }
  async countSince(tenantId: string, email: string, since: Date) {
    return [...this.rows.values()].filter((c) => c.tenantId === tenantId && c.email === email && c.createdAt >= since).length;
  }
  async recordAttempt(id: string) {
    const c = this.rows.get(id);
    if (c) c.attempts++;
  }
  async markUsed(id: string, at: Date) {
    const c = this.rows.get(id);
    if (!c || c.usedAt) return false;
    c.usedAt = at;
    return true;
  }
}

export class MemoryPasswordResetRepository implements PasswordResetRepository {
  readonly rows = new Map<string, PasswordResetToken>();
  async insert(token: PasswordResetToken) {
    this.rows.set(token.id, clone(token));
  }
  async voidAllOfUser(tenantId: string, userId: string, at: Date) {
    for (const t of this.rows.values()) if (t.tenantId === tenantId && t.userId === userId && !t.usedAt) t.usedAt = at;
  }
  async countSince(tenantId: string, userId: string, since: Date) {
    return [...this.rows.values()].filter((t) => t.tenantId === tenantId && t.userId === userId && t.createdAt >= since).length;
  }
  async consume(tokenHash: string, at: Date) {
    const t = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    if (!t || t.usedAt || t.expiresAt <= at) return null;
    t.usedAt = at;
    return { tenantId: t.tenantId, userId: t.userId };
  }
}
