import { createHash } from 'node:crypto';
import type { AutomationRules } from '../../../domain/crm/allocation.js';
import type { Lead, LeadEvent, LeadStatus } from '../../../domain/crm/lead.js';
import type { AutomationRepository } from '../../../application/crm/ports/automation-repository.js';
import type { DeliveryRepository, WebhookDelivery } from '../../../application/crm/ports/delivery-repository.js';
import type { IntegrationRepository } from '../../../application/crm/ports/integration-repository.js';
import type { LeadRepository } from '../../../application/crm/ports/lead-repository.js';
import { formatMinor, toMinor, type Minor } from '../../../domain/shared/money.js';
import { contains, type DbDeps } from './base.js';
import { knexPage, prepared, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import type { DeliveryRow, DeliveryWrite, LeadRow, LeadWrite } from './rows/crm.rows.js';
import { leadGroups } from './crm-lead-rollups.js';

// `value` is numeric: its decimal text is read exactly and written as decimal text (domain/shared/money.ts), never through a float.
const money = (v: string | null | undefined): Minor | null => (v === null || v === undefined ? null : toMinor(v));
const moneyText = (m: Minor | null): string | null => (m === null ? null : formatMinor(m));

const toLead = (m: LeadRow): Lead => ({
  id: m.id,
  tenantId: m.tenantId,
  provider: m.provider,
  externalId: m.externalId,
  name: m.name,
  phone: m.phone,
  email: m.email,
  city: m.city,
  region: m.region,
  category: m.category,
  answers: m.answers ?? [],
  status: m.status,
  assignedTo: m.assignedTo,
  value: money(m.value),
  isTest: m.isTest,
  userId: m.userId,
  suggestedUserId: m.suggestedUserId,
  linkCandidates: m.linkCandidates ?? null,
  campaignId: m.campaignId,
  formId: m.formId,
  adId: m.adId,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
  statusChangedAt: m.statusChangedAt,
  closedAt: m.closedAt,
});

type EventRow = Omit<LeadEvent, 'value'> & { value: string | null };
const toEvent = (r: EventRow): LeadEvent => ({ ...r, value: money(r.value) });

const jsonOrNull = (v: unknown) => (v === null ? null : JSON.stringify(v));

const leadRow = (lead: Lead): LeadWrite => ({
  ...lead,
  value: moneyText(lead.value),
  answers: JSON.stringify(lead.answers),
  linkCandidates: jsonOrNull(lead.linkCandidates),
});

const SEARCH_EXPR = `(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`;

export const makeLeadPgRepository = ({ db }: DbDeps): LeadRepository => {
  const leads = tenantTable(db, 'crm_leads', toLead);
  return {
    insertIfAbsent: (lead) => leads.insertIfAbsent(leadRow(lead), ['tenant_id', 'provider', 'external_id']),
    findById: (tenantId, id, options = {}) => (options.forUpdate ? leads.lock({ tenantId, id }) : leads.find({ tenantId, id })),
    findByExternalId: (tenantId, provider, externalId) => leads.find({ tenantId, provider, externalId }),
    list(tenantId, filter, page) {
      const q = db.q()('crm_leads').where({ tenantId }).select('*');
      if (filter.status) q.where('status', filter.status);
      if (filter.assignedTo === null) q.whereNull('assignedTo');
      else if (filter.assignedTo) q.where('assignedTo', filter.assignedTo);
      if (filter.provider) q.where('provider', filter.provider);
      if (filter.isTest !== undefined) q.where('isTest', filter.isTest);
      if (filter.linked === true) q.whereNotNull('userId');
      else if (filter.linked === false) q.whereNull('userId');
      if (filter.from) q.where('createdAt', '>=', filter.from);
      if (filter.to) q.where('createdAt', '<', filter.to);
      if (filter.search) q.whereRaw(`${SEARCH_EXPR} ilike ?`, [contains(filter.search)]);
      return knexPage(q, page, toLead, { order: newestFirst() });
    },
    update: (lead) => leads.update(leadRow(lead)),
    async findUnlinkedFor(tenantId, contact) {
      if (!contact.email && !contact.phone) return [];
      // Two indexed look-ups (lower(email), phone) rather than one OR that would scan.
      const q = db
        .q()('crm_leads')
        .where({ tenantId })
        .whereNull('userId')
        .where((w) => {
          if (contact.email) w.orWhereRaw('lower(email) = ?', [contact.email.toLowerCase()]);
          if (contact.phone) w.orWhere('phone', contact.phone);
        });
      return (await q.orderBy('id').forUpdate()).map(toLead);
    },
    async findByUser(tenantId, userId) {
      return (await db.q()('crm_leads').where({ tenantId, userId }).orderBy('id').forUpdate()).map(toLead);
    },
    async addEvents(events) {
      if (events.length)
        await db
          .q()('crm_lead_events')
          .insert(events.map((e) => ({ ...e, value: moneyText(e.value) })));
    },
    async events(tenantId, leadId) {
      const rows = (await db
        .q()('crm_lead_events')
        .where({ tenant_id: tenantId, lead_id: leadId })
        .orderBy([{ column: 'created_at' }, { column: 'seq' }])) as Array<EventRow & { seq?: unknown }>;
      return rows.map(({ seq: _seq, ...r }) => toEvent(r));
    },
    async aggregate(tenantId, range, includeTest) {
      // From the rollups (migration 0995), not a pass over the leads. Raw: it sums over leadGroups' SQL text.
      const groups = leadGroups(tenantId, range, includeTest);
      const result = await db.q().raw(
        `select status, provider, sum(leads) as count, sum(won_value_sum) as won_value_sum, sum(won_value_count) as won_value_count,
              sum(won_seconds_sum) as won_seconds_sum, sum(won_closed_count) as won_closed_count
         from (${groups.sql}) g
        group by status, provider`,
        groups.bindings,
      );
      const rows = (
        result as {
          rows: Array<{
            status: string;
            provider: string;
            count: unknown;
            won_value_sum: unknown;
            won_value_count: unknown;
            won_seconds_sum: unknown;
            won_closed_count: unknown;
          }>;
        }
      ).rows;
      return rows.map((r) => ({
        status: r.status as LeadStatus,
        provider: String(r.provider),
        count: Number(r.count),
        wonValueSum: toMinor(String(r.won_value_sum)),
        wonValueCount: Number(r.won_value_count),
        wonSecondsSum: Number(r.won_seconds_sum),
        wonClosedCount: Number(r.won_closed_count),
      }));
    },
  };
};

const toDelivery = (m: DeliveryRow): WebhookDelivery => ({
  id: m.id,
  tenantId: m.tenantId,
  provider: m.provider,
  externalId: m.externalId,
  status: m.status,
  rawBody: m.rawBody,
  payload: m.payload,
  attempts: m.attempts,
  retries: m.retries,
  lastError: m.lastError,
  leadId: m.leadId,
  receivedAt: m.receivedAt,
  processedAt: m.processedAt,
  updatedAt: m.updatedAt,
});

// Every column, always (none left undefined): the insert's text must not vary, it is prepared.
const deliveryRow = (d: WebhookDelivery): DeliveryWrite => ({
  id: d.id,
  tenantId: d.tenantId,
  provider: d.provider,
  externalId: d.externalId,
  status: d.status,
  rawBody: d.rawBody,
  payload: JSON.stringify(d.payload),
  attempts: d.attempts,
  retries: d.retries,
  lastError: d.lastError ?? null,
  leadId: d.leadId ?? null,
  receivedAt: d.receivedAt,
  processedAt: d.processedAt ?? null,
  updatedAt: d.updatedAt,
});

/**
 * A Google delivery inserted from the integration its key's hash finds (issue 32: the look-up and
 * the insert in one round trip): a fixed text run raw, as every Google lead runs it; no row when no
 * enabled Google integration has the hash.
 */
// The tenant last: the bound values then line up with the columns they fill (the bench's replay reads them so).
const GOOGLE_DELIVERY_SQL =
  'insert into crm_webhook_deliveries (id, provider, external_id, status, raw_body, payload, attempts, retries, ' +
  'last_error, lead_id, received_at, processed_at, updated_at, tenant_id) ' +
  'select ?::uuid, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::uuid, ?::timestamptz, ?::timestamptz, ?::timestamptz, i.tenant_id ' +
  "from crm_integrations i where i.provider = 'google' and i.enabled and i.google_key_hash = ? limit 1 " +
  'returning tenant_id as "tenantId"';

export const makeDeliveryPgRepository = ({ db }: DbDeps): DeliveryRepository => ({
  async insert(d) {
    // Every Meta delivery runs this: prepared once per connection; deliveryRow keeps its text fixed.
    await db.q()('crm_webhook_deliveries').insert(deliveryRow(d)).options(prepared('crm_webhook_delivery_insert'));
  },
  async insertForGoogleKeyHash(keyHash, d) {
    const result = await db
      .q()
      .raw(GOOGLE_DELIVERY_SQL, [
        d.id,
        d.provider,
        d.externalId,
        d.status,
        d.rawBody,
        JSON.stringify(d.payload),
        d.attempts,
        d.retries,
        d.lastError ?? null,
        d.leadId ?? null,
        d.receivedAt,
        d.processedAt ?? null,
        d.updatedAt,
        keyHash,
      ])
      .options(prepared('crm_google_delivery_insert'));
    return (result as { rows: Array<{ tenantId: string }> }).rows[0]?.tenantId ?? null;
  },
  findById: (tenantId, id) => tenantTable(db, 'crm_webhook_deliveries', toDelivery).find({ tenantId, id }),
  list(tenantId, filter, page) {
    const q = db.q()('crm_webhook_deliveries').where({ tenantId }).select('*');
    if (filter.status) q.where('status', filter.status);
    if (filter.provider) q.where('provider', filter.provider);
    return knexPage(q, page, toDelivery, { order: newestFirst('receivedAt', 'id') });
  },
  async recordFailure(tenantId, id, error, final, at) {
    await db
      .q()('crm_webhook_deliveries')
      .where({ tenantId, id, status: 'pending' })
      .update({ lastError: error.slice(0, 2000), updatedAt: at, ...(final ? { status: 'failed' } : {}) })
      .increment('attempts', 1);
  },
  async finish(tenantId, id, status, leadId, error, at) {
    await db
      .q()('crm_webhook_deliveries')
      .where({ tenantId, id, status: 'pending' })
      .update({ status, leadId, processedAt: at, updatedAt: at, ...(error ? { lastError: error.slice(0, 2000) } : {}) })
      .increment('attempts', 1);
  },
  async requeue(tenantId, id, at, stuckBefore) {
    const rows = (await db
      .q()('crm_webhook_deliveries')
      .where({ tenantId, id })
      .where((q) => q.where({ status: 'failed' }).orWhere((p) => p.where({ status: 'pending' }).where('updatedAt', '<', stuckBefore)))
      .update({ status: 'pending', updatedAt: at })
      .increment('retries', 1)
      .returning('*')) as DeliveryRow[];
    return rows[0] ? toDelivery(rows[0]) : null;
  },
  async stalePending(updatedBefore, limit) {
    return await db
      .q()('crm_webhook_deliveries')
      .where({ status: 'pending' })
      .where('updatedAt', '<', updatedBefore)
      .orderBy('updatedAt')
      .limit(limit)
      .select('id', 'tenantId', 'retries');
  },
  async countByStatus(tenantId, status) {
    const row = (await db.q()('crm_webhook_deliveries').where({ tenantId, status }).count({ n: '*' }).first()) as { n: number } | undefined;
    return Number(row?.n ?? 0);
  },
});

export const makeIntegrationPgRepository = ({ db }: DbDeps): IntegrationRepository => ({
  async get(tenantId, provider) {
    return (await db.q()('crm_integrations').where({ tenantId, provider }).first()) ?? null;
  },
  async list(tenantId) {
    return db.q()('crm_integrations').where({ tenantId }).orderBy('provider');
  },
  async save(integration) {
    // Checked first so the answer is a clean refusal; the unique indexes still guard a race.
    if (integration.provider === 'meta' && integration.pageId) {
      const taken = await db
        .q()('crm_integrations')
        .where({ provider: 'meta', pageId: integration.pageId })
        .whereNot({ tenantId: integration.tenantId })
        .first('tenantId');
      if (taken) return 'page_id_taken';
    }
    if (integration.googleKeyHash) {
      const taken = await db
        .q()('crm_integrations')
        .where({ googleKeyHash: integration.googleKeyHash })
        .whereNot({ tenantId: integration.tenantId })
        .first('tenantId');
      if (taken) return 'google_key_taken';
    }
    await db
      .q()('crm_integrations')
      .insert(integration)
      .onConflict(['tenantId', 'provider'])
      .merge(['enabled', 'pageId', 'verifyTokenHash', 'googleKeyHash', 'sealedSecrets', 'updatedAt']);
    return 'saved';
  },
  async findMetaByPageIds(pageIds) {
    if (pageIds.length === 0) return [];
    return db
      .q()('crm_integrations')
      .where({ provider: 'meta', enabled: true })
      .whereIn('pageId', [...pageIds]);
  },
  async findMetaByVerifyTokenHash(hash) {
    return db.q()('crm_integrations').where({ provider: 'meta', enabled: true, verifyTokenHash: hash });
  },
  async tenantOfGoogleKeyHash(hash) {
    const row = await db.q()('crm_integrations').where({ provider: 'google', enabled: true, googleKeyHash: hash }).first('tenantId');
    return row?.tenantId ?? null;
  },
});

/** Pool keys name their members and can be long; the cursor row is keyed by their SHA-256. */
const poolHash = (poolKey: string) => createHash('sha256').update(poolKey).digest('hex');

export const makeAutomationPgRepository = ({ db }: DbDeps): AutomationRepository => ({
  async get(tenantId) {
    const row = (await db.q()('crm_automation_rules').where({ tenant_id: tenantId }).first()) as
      | { mode: AutomationRules['mode']; members: AutomationRules['members']; fallbackUserId: string | null; closeOnPayment: boolean }
      | undefined;
    return row ? { mode: row.mode, members: row.members, fallbackUserId: row.fallbackUserId, closeOnPayment: row.closeOnPayment } : null;
  },
  async save(tenantId, rules, at) {
    await db
      .q()('crm_automation_rules')
      .insert({
        tenantId,
        mode: rules.mode,
        members: JSON.stringify(rules.members),
        fallbackUserId: rules.fallbackUserId,
        closeOnPayment: rules.closeOnPayment,
        updatedAt: at,
      })
      .onConflict('tenant_id')
      .merge(['mode', 'members', 'fallback_user_id', 'close_on_payment', 'updated_at']);
  },
  async nextPosition(tenantId, poolKey) {
    const [row] = (await db
      .q()('crm_allocation_cursors')
      .insert({ tenantId, poolKey: poolHash(poolKey), position: 1 })
      .onConflict(['tenantId', 'poolKey'])
      .merge({ position: db.q().raw('crm_allocation_cursors.position + 1') })
      .returning('position')) as Array<{ position: number | string }>;
    return Number(row!.position);
  },
});
