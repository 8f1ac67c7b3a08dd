import { createHash } from 'node:crypto';
import type { AutomationRules } from '../../../domain/crm/allocation.js';
import type { AdProvider, Lead, LeadAnswer, LeadEvent, LeadStatus } from '../../../domain/crm/lead.js';
import type { AutomationRepository } from '../../../application/crm/ports/automation-repository.js';
import type { DeliveryRepository, DeliveryStatus, WebhookDelivery } from '../../../application/crm/ports/delivery-repository.js';
import type { Integration, IntegrationRepository } from '../../../application/crm/ports/integration-repository.js';
import type { LeadRepository } from '../../../application/crm/ports/lead-repository.js';
import { formatMinor, toMinor, type Minor } from '../../../domain/shared/money.js';
import { BaseModel, contains, toPage, type DbDeps } from './base.js';
import { prepared, newestFirst } from './knex-helpers.js';
import { leadGroups } from './crm-lead-rollups.js';

export class LeadModel extends BaseModel {
  static override tableName = 'crm_leads';
  static override jsonAttributes = ['answers', 'linkCandidates'];
  id!: string;
  tenantId!: string;
  provider!: string;
  externalId!: string | null;
  name!: string | null;
  phone!: string | null;
  email!: string | null;
  city!: string | null;
  region!: string | null;
  category!: string | null;
  answers!: LeadAnswer[];
  status!: LeadStatus;
  assignedTo!: string | null;
  value!: string | null;
  isTest!: boolean;
  userId!: string | null;
  suggestedUserId!: string | null;
  linkCandidates!: string[] | null;
  campaignId!: string | null;
  formId!: string | null;
  adId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  statusChangedAt!: Date;
  closedAt!: Date | null;
}

export class DeliveryModel extends BaseModel {
  static override tableName = 'crm_webhook_deliveries';
  static override jsonAttributes = ['payload'];
  id!: string;
  tenantId!: string;
  provider!: AdProvider;
  externalId!: string;
  status!: DeliveryStatus;
  rawBody!: string;
  payload!: Record<string, unknown>;
  attempts!: number;
  retries!: number;
  lastError!: string | null;
  leadId!: string | null;
  receivedAt!: Date;
  processedAt!: Date | null;
  updatedAt!: Date;
}

// `value` is numeric: its decimal text is read exactly and written as decimal text (domain/shared/money.ts), never through a float.
const money = (v: string | null | undefined): Minor | null => (v === null || v === undefined ? null : toMinor(v));
const moneyText = (m: Minor | null): string | null => (m === null ? null : formatMinor(m));

const toLead = (m: LeadModel): Lead => ({
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

const SEARCH_EXPR = `(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`;

export const makeLeadPgRepository = ({ db }: DbDeps): LeadRepository => ({
  async insertIfAbsent(lead) {
    const row = {
      ...lead,
      value: moneyText(lead.value),
      answers: JSON.stringify(lead.answers),
      linkCandidates: jsonOrNull(lead.linkCandidates),
    };
    const rows = await db.q()('crm_leads').insert(row).onConflict(['tenant_id', 'provider', 'external_id']).ignore().returning('id');
    return rows.length === 1;
  },
  async findById(tenantId, id, options = {}) {
    const q = LeadModel.query(db.q()).findOne({ tenantId, id });
    if (options.forUpdate) q.forUpdate();
    const m = await q;
    return m ? toLead(m) : null;
  },
  async findByExternalId(tenantId, provider, externalId) {
    const m = await LeadModel.query(db.q()).findOne({ tenantId, provider, externalId });
    return m ? toLead(m) : null;
  },
  list(tenantId, filter, page) {
    const q = LeadModel.query(db.q()).where({ tenantId });
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
    return toPage(q, page, toLead, { order: newestFirst() });
  },
  async update(lead) {
    const { id, tenantId, createdAt: _created, answers, linkCandidates, ...changes } = lead;
    await db
      .q()('crm_leads')
      .where({ id, tenant_id: tenantId })
      .update({
        ...changes,
        value: moneyText(changes.value),
        answers: JSON.stringify(answers),
        linkCandidates: jsonOrNull(linkCandidates),
      });
  },
  async findUnlinkedFor(tenantId, contact) {
    if (!contact.email && !contact.phone) return [];
    // Two indexed look-ups (lower(email), phone) rather than one OR that would scan.
    const q = LeadModel.query(db.q())
      .where({ tenantId })
      .whereNull('userId')
      .where((w) => {
        if (contact.email) w.orWhereRaw('lower(email) = ?', [contact.email.toLowerCase()]);
        if (contact.phone) w.orWhere('phone', contact.phone);
      });
    return (await q.orderBy('id').forUpdate()).map(toLead);
  },
  async findByUser(tenantId, userId) {
    return (await LeadModel.query(db.q()).where({ tenantId, userId }).orderBy('id').forUpdate()).map(toLead);
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
    // From the rollups (migration 0995), not a pass over the leads.
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
});

const toDelivery = (m: DeliveryModel): WebhookDelivery => ({
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

export const makeDeliveryPgRepository = ({ db }: DbDeps): DeliveryRepository => ({
  async insert(d) {
    // Every webhook delivery runs this: one fixed text (no query building per request), prepared once per connection.
    await db
      .q()
      .raw(
        `insert into crm_webhook_deliveries (id, tenant_id, provider, external_id, status, raw_body, payload, attempts, ` +
          `retries, last_error, lead_id, received_at, processed_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          d.id,
          d.tenantId,
          d.provider,
          d.externalId,
          d.status,
          d.rawBody,
          JSON.stringify(d.payload),
          d.attempts,
          d.retries,
          d.lastError,
          d.leadId,
          d.receivedAt,
          d.processedAt,
          d.updatedAt,
        ],
      )
      .options(prepared('crm_webhook_delivery_insert'));
  },
  async findById(tenantId, id) {
    const m = await DeliveryModel.query(db.q()).findOne({ tenantId, id });
    return m ? toDelivery(m) : null;
  },
  list(tenantId, filter, page) {
    const q = DeliveryModel.query(db.q()).where({ tenantId });
    if (filter.status) q.where('status', filter.status);
    if (filter.provider) q.where('provider', filter.provider);
    return toPage(q, page, toDelivery, { order: newestFirst('receivedAt', 'id') });
  },
  async recordFailure(tenantId, id, error, final, at) {
    await db
      .q()('crm_webhook_deliveries')
      .where({ tenant_id: tenantId, id, status: 'pending' })
      .update({ lastError: error.slice(0, 2000), updatedAt: at, ...(final ? { status: 'failed' } : {}) })
      .increment('attempts', 1);
  },
  async finish(tenantId, id, status, leadId, error, at) {
    await db
      .q()('crm_webhook_deliveries')
      .where({ tenant_id: tenantId, id, status: 'pending' })
      .update({ status, leadId, processedAt: at, updatedAt: at, ...(error ? { lastError: error.slice(0, 2000) } : {}) })
      .increment('attempts', 1);
  },
  async requeue(tenantId, id, at, stuckBefore) {
    const rows = (await db
      .q()('crm_webhook_deliveries')
      .where({ tenant_id: tenantId, id })
      .where((q) => q.where({ status: 'failed' }).orWhere((p) => p.where({ status: 'pending' }).where('updated_at', '<', stuckBefore)))
      .update({ status: 'pending', updatedAt: at })
      .increment('retries', 1)
      .returning('*')) as DeliveryModel[];
    return rows[0] ? toDelivery(rows[0]) : null;
  },
  async stalePending(updatedBefore, limit) {
    return (await db
      .q()('crm_webhook_deliveries')
      .where({ status: 'pending' })
      .where('updated_at', '<', updatedBefore)
      .orderBy('updated_at')
      .limit(limit)
      .select('id', 'tenant_id', 'retries')) as Array<{ id: string; tenantId: string; retries: number }>;
  },
  async countByStatus(tenantId, status) {
    const row = (await db.q()('crm_webhook_deliveries').where({ tenant_id: tenantId, status }).count({ n: '*' }).first()) as
      { n: number } | undefined;
    return Number(row?.n ?? 0);
  },
});

type IntegrationRow = Integration;

export const makeIntegrationPgRepository = ({ db }: DbDeps): IntegrationRepository => ({
  async get(tenantId, provider) {
    return ((await db.q()('crm_integrations').where({ tenant_id: tenantId, provider }).first()) as IntegrationRow | undefined) ?? null;
  },
  async list(tenantId) {
    return (await db.q()('crm_integrations').where({ tenant_id: tenantId }).orderBy('provider')) as IntegrationRow[];
  },
  async save(integration) {
    // Checked first so the answer is a clean refusal; the unique indexes still guard a race.
    if (integration.provider === 'meta' && integration.pageId) {
      const taken = await db
        .q()('crm_integrations')
        .where({ provider: 'meta', page_id: integration.pageId })
        .whereNot({ tenant_id: integration.tenantId })
        .first('tenant_id');
      if (taken) return 'page_id_taken';
    }
    if (integration.googleKeyHash) {
      const taken = await db
        .q()('crm_integrations')
        .where({ google_key_hash: integration.googleKeyHash })
        .whereNot({ tenant_id: integration.tenantId })
        .first('tenant_id');
      if (taken) return 'google_key_taken';
    }
    await db
      .q()('crm_integrations')
      .insert(integration)
      .onConflict(['tenant_id', 'provider'])
      .merge(['enabled', 'page_id', 'verify_token_hash', 'google_key_hash', 'sealed_secrets', 'updated_at']);
    return 'saved';
  },
  async findMetaByPageIds(pageIds) {
    if (pageIds.length === 0) return [];
    return (await db
      .q()('crm_integrations')
      .where({ provider: 'meta', enabled: true })
      .whereIn('page_id', [...pageIds])) as IntegrationRow[];
  },
  async findMetaByVerifyTokenHash(hash) {
    return (await db.q()('crm_integrations').where({ provider: 'meta', enabled: true, verify_token_hash: hash })) as IntegrationRow[];
  },
  async tenantOfGoogleKeyHash(hash) {
    // Every Google lead delivery runs this: one fixed text, prepared once per connection.
    const result = (await db
      .q()
      .raw(`select tenant_id from crm_integrations where provider = 'google' and enabled and google_key_hash = ? limit 1`, [hash])
      .options(prepared('crm_google_tenant_by_key'))) as { rows: Array<{ tenant_id: string }> };
    return result.rows[0]?.tenant_id ?? null;
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
    const result = await db.q().raw(
      `insert into crm_allocation_cursors (tenant_id, pool_key, position) values (?, ?, 1)
       on conflict (tenant_id, pool_key) do update set position = crm_allocation_cursors.position + 1
       returning position`,
      [tenantId, poolHash(poolKey)],
    );
    return Number((result as { rows: Array<{ position: number | string }> }).rows[0]!.position);
  },
});
