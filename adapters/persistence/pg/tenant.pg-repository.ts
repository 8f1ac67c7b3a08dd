import type { Tenant } from '../../../domain/identity/tenant.js';
import type { TenantRepository } from '../../../application/identity/ports/tenant-repository.js';
import { contains, type DbDeps } from './base.js';
import { knexPage, newestFirst } from './knex-helpers.js';
import type { TenantRow } from './rows/identity.rows.js';

const toTenant = (m: TenantRow): Tenant => ({
  id: m.id,
  slug: m.slug,
  name: m.name,
  status: m.status,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

export const makeTenantPgRepository = ({ db }: DbDeps): TenantRepository => ({
  async findById(id) {
    const m = await db.q()('tenants').where({ id }).first();
    return m ? toTenant(m) : null;
  },
  async findBySlug(slug) {
    const m = await db.q()('tenants').where({ slug }).first();
    return m ? toTenant(m) : null;
  },
  list(page, search) {
    const q = db.q()('tenants').select('*');
    if (search) q.where((w) => w.whereILike('slug', contains(search)).orWhereILike('name', contains(search)));
    return knexPage(q, page, toTenant, { order: newestFirst() });
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
