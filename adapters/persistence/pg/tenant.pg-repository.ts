import type { Tenant } from '../../../domain/identity/tenant.js';
import type { TenantRepository } from '../../../application/identity/ports/tenant-repository.js';
import { contains, toPage, type DbDeps } from './base.js';
import { newestFirst } from './knex-helpers.js';
import { TenantModel } from './identity.models.js';

const toTenant = (m: TenantModel): Tenant => ({
  id: m.id,
  slug: m.slug,
  name: m.name,
  status: m.status,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

export const makeTenantPgRepository = ({ db }: DbDeps): TenantRepository => ({
  async findById(id) {
    const m = await TenantModel.query(db.q()).findById(id);
    return m ? toTenant(m) : null;
  },
  async findBySlug(slug) {
    const m = await TenantModel.query(db.q()).findOne({ slug });
    return m ? toTenant(m) : null;
  },
  list(page, search) {
    const q = TenantModel.query(db.q());
    if (search) q.where((w) => w.whereILike('slug', contains(search)).orWhereILike('name', contains(search)));
    return toPage(q, page, toTenant, { order: newestFirst() });
  },
  async insert(tenant) {
    // Two processes bootstrapping together both try to create `default`: one wins, quietly.
    await db.q()('tenants').insert(tenant).onConflict('slug').ignore();
  },
  async update(tenant) {
    const { id, createdAt: _created, ...changes } = tenant;
    await TenantModel.query(db.q()).patch(changes).where({ id });
  },
  async delete(id) {
    await TenantModel.query(db.q()).deleteById(id);
  },
});
