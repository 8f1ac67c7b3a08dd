import type { Tenant } from '../../../domain/identity/tenant.js';
import type { TenantRepository } from '../../../application/identity/ports/tenant-repository.js';
import { contains, type DbDeps } from './base.js';
import { knexPage, newestFirst } from './knex-helpers.js';

export const makeTenantPgRepository = ({ db }: DbDeps): TenantRepository => ({
  findById: async (id) => (await db.q()('tenants').where({ id }).first()) ?? null,
  findBySlug: async (slug) => (await db.q()('tenants').where({ slug }).first()) ?? null,
  list(page, search) {
    const q = db.q()('tenants').select('*');
    if (search) q.where((w) => w.whereILike('slug', contains(search)).orWhereILike('name', contains(search)));
    return knexPage(q, page, (tenant: Tenant) => tenant, { order: newestFirst() });
  },
  async insert(tenant) {
    // Two processes bootstrapping together both try to create `default`: one wins, quietly.
    await db.q()('tenants').insert(tenant).onConflict('slug').ignore();
  },
  async update(tenant) {
    const { id, createdAt: _created, ...changes } = tenant;
    await db.q()('tenants').where({ id }).update(changes);
  },
  async delete(id) {
    await db.q()('tenants').where({ id }).delete();
  },
});
