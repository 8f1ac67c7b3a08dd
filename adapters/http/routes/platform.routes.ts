import { z } from 'zod';
import { isPageUrl, SETTING_DEFINITIONS, type SettingDefinition } from '../../../domain/platform/settings.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { errorsFrom } from '../kit/errors.js';
import { dateOnly, dayAfter, dayStart, pageQuery, pageView, toPageRequest, uuid } from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import * as wire from '../wire/platform.wire.js';
import { auditView, dashboardOverviewView, mailView } from '../wire/platform.present.js';
import type { PlatformRegistry } from '../../../application/platform/registry.js';

type Deps = Pick<
  PlatformRegistry,
  'getPublicSettings' | 'getAdminSettings' | 'updateSettings' | 'listAuditLogs' | 'listOutbox' | 'dashboardOverview'
> & {
  allowLocalHttpPages: boolean;
};

const settingSchema = (d: SettingDefinition, localHttp: boolean) => {
  switch (d.type) {
    case 'boolean':
      return z.boolean();
    case 'number':
      return z.number().finite();
    case 'string':
      return d.format === 'page'
        ? z
            .string()
            .max(10_000)
            .refine(
              (v) => v === '' || isPageUrl(v, localHttp),
              localHttp ? 'must be an https URL (or http on localhost)' : 'must be an https URL',
            )
            .nullable()
        : z.string().max(10_000).nullable();
    case 'string_list':
      return z.array(z.string().max(500)).max(200);
  }
};

/** Any subset of the known settings, each with its own type; unknown keys are ignored. */
const settingsBody = (localHttp: boolean) =>
  z.object(Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, settingSchema(d, localHttp).optional()])));

const AuditQuery = pageQuery.extend({
  user_id: uuid.optional(),
  action: z.string().trim().max(64).optional(),
  start_date: dateOnly.optional(),
  end_date: dateOnly.optional(),
});

export const makePlatformRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    r.get(
      '/api/settings',
      {
        operationId: 'getPublicSettings',
        response: wire.PublicSettings,
        errors: errorsFrom(d.getPublicSettings)([]),
        summary: 'Public settings',
        access: 'public',
        tags: ['settings'],
      },
      async ({ tenant }) => d.getPublicSettings(tenant.id),
    );
    r.get(
      '/api/settings/admin',
      {
        operationId: 'getAllSettings',
        response: wire.AdminSettings,
        errors: errorsFrom(d.getAdminSettings)([]),
        summary: 'All settings; secrets as {configured}',
        access: Role.Student,
        tags: ['settings'],
      },
      async ({ tenant }) => d.getAdminSettings(tenant.id),
    );
    r.put(
      '/api/settings',
      {
        operationId: 'updateSettings',
        response: wire.AdminSettings,
        errors: errorsFrom(d.updateSettings)([]),
        summary: 'Update any subset of settings',
        access: Role.Admin,
        body: settingsBody(d.allowLocalHttpPages),
        tags: ['settings'],
      },
      async ({ actor, meta, body }) =>
        reply(
          await d.updateSettings(
            actor,
            meta,
            Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<string, never>,
          ),
          'Settings updated',
        ),
    );

    r.get(
      '/api/audit-logs',
      {
        operationId: 'listAuditLogs',
        response: wire.AuditPage,
        errors: errorsFrom(d.listAuditLogs)([]),
        summary: 'Audit log, newest first',
        access: Role.Admin,
        rateLimit: 'critical',
        query: AuditQuery,
        tags: ['audit'],
      },
      async ({ actor, query }) =>
        pageView(
          await d.listAuditLogs(
            actor.tenantId,
            {
              userId: query.user_id,
              action: query.action,
              from: query.start_date ? dayStart(query.start_date) : undefined,
              to: query.end_date ? dayAfter(query.end_date) : undefined,
            },
            toPageRequest(query),
          ),
          auditView,
        ),
    );

    r.get(
      '/api/email/outbox',
      {
        operationId: 'listOutbox',
        response: wire.OutboxPage,
        errors: errorsFrom(d.listOutbox)([]),
        summary: 'Mail sent by the service, newest first',
        access: Role.Admin,
        query: pageQuery.extend({ to: z.string().trim().max(254).optional() }),
        tags: ['email'],
      },
      async ({ actor, query }) => pageView(await d.listOutbox(actor.tenantId, { to: query.to }, toPageRequest(query)), mailView),
    );

    r.get(
      '/api/dashboard/overview',
      {
        operationId: 'getDashboardOverview',
        response: wire.DashboardOverview,
        errors: errorsFrom(d.dashboardOverview)([]),
        summary: 'Role-shaped summary for the caller',
        access: Role.Student,
        tags: ['dashboard'],
      },
      async ({ actor }) => dashboardOverviewView(await d.dashboardOverview(actor)),
    );
  };
