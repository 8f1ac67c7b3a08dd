import { z } from 'zod';
import { Role } from '../../../domain/identity/role.js';
import { TENANT_SLUG_PATTERN } from '../../../domain/identity/tenant.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { idParam, pageQuery, pageView, toPageRequest } from '../kit/schemas.js';
import * as wire from '../wire/identity.wire.js';
import { tenantDetailView, tenantView } from '../wire/identity.present.js';
import type { RouteModule } from '../kit/route-table.js';
import { actOnId } from './route-helpers.js';
import type { IdentityRegistry } from '../../../application/identity/registry.js';

type Deps = Pick<IdentityRegistry, 'listTenants' | 'getTenant' | 'createTenant' | 'updateTenant' | 'deleteTenant'>;

const slug = z.string().trim().toLowerCase().regex(TENANT_SLUG_PATTERN, 'lowercase letters, digits and dashes (a DNS label)');
const status = z.enum(['active', 'disabled']);
const CreateBody = z.object({ slug, name: z.string().trim().min(1).max(200), status: status.optional() });
const UpdateBody = CreateBody.partial();

export const makeTenantRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const access = Role.SuperAdmin;
    r.get(
      '/api/tenants',
      {
        operationId: 'listTenants',
        response: wire.TenantPage,
        errors: errorsFrom(d.listTenants)([]),
        summary: 'List tenants',
        access,
        query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
        tags: ['tenants'],
      },
      async ({ query }) => pageView(await d.listTenants(toPageRequest(query), query.search), tenantView),
    );
    // One tenant answers as its page does, `deletion` included (null: neither a new nor an updatable tenant is being deleted).
    r.post(
      '/api/tenants',
      {
        operationId: 'createTenant',
        response: wire.TenantDetail,
        errors: errorsFrom(d.createTenant)(['SLUG_TAKEN']),
        summary: 'Create a tenant',
        access,
        body: CreateBody,
        tags: ['tenants'],
      },
      async ({ actor, meta, body }) =>
        reply(tenantDetailView({ ...unwrap(await d.createTenant(actor, meta, body)), deletion: null }), 'Tenant created'),
    );
    r.get(
      '/api/tenants/:id',
      {
        operationId: 'getTenant',
        response: wire.TenantDetail,
        errors: errorsFrom(d.getTenant)(['TENANT_NOT_FOUND']),
        summary: 'One tenant, with the progress of its deletion',
        access,
        params: idParam,
        tags: ['tenants'],
      },
      async ({ params }) => tenantDetailView(unwrap(await d.getTenant(params.id))),
    );
    r.put(
      '/api/tenants/:id',
      {
        operationId: 'updateTenant',
        response: wire.TenantDetail,
        errors: errorsFrom(d.updateTenant)(['TENANT_NOT_FOUND', 'SLUG_TAKEN', 'DEFAULT_TENANT_PROTECTED']),
        summary: 'Update a tenant',
        access,
        params: idParam,
        body: UpdateBody,
        tags: ['tenants'],
      },
      async ({ actor, meta, params, body }) =>
        reply(tenantDetailView({ ...unwrap(await d.updateTenant(actor, meta, params.id, body)), deletion: null }), 'Tenant updated'),
    );
    r.delete(
      '/api/tenants/:id',
      {
        operationId: 'deleteTenant',
        response: wire.TenantDetail,
        errors: errorsFrom(d.deleteTenant)(['TENANT_NOT_FOUND', 'DEFAULT_TENANT_PROTECTED']),
        access,
        params: idParam,
        tags: ['tenants'],
        summary: 'Delete a tenant and all of its data: it answers 404 at once, a job removes its rows (progress in GET /api/tenants/:id)',
      },
      actOnId(d.deleteTenant, tenantDetailView, 'Tenant deletion started'),
    );
  };
