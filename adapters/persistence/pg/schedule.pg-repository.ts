import type { Knex } from 'knex';
import type { ScheduleItem } from '../../../domain/engagement/schedule.js';
import type { ScheduleTemplate, TemplateItem } from '../../../domain/engagement/template.js';
import type {
  FeedTokenRepository,
  ScheduleItemRepository,
  ScheduleTemplateRepository,
} from '../../../application/engagement/ports/schedule-repositories.js';
import type { DbDeps } from './base.js';
import { knexPage, num, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import type { ScheduleItemRow, ScheduleTemplateRow, TemplateItemRow } from './rows/engagement.rows.js';

/** Rows removed by a `delete().returning(…)`: both engines answer the rows then. */
export const removed = async (query: PromiseLike<unknown>): Promise<number> => ((await query) as unknown[]).length;

/** `date` columns are read as text: both drivers would otherwise make a local-midnight Date of them. */
const itemColumns = (q: Knex) => [
  'id',
  'tenantId',
  'userId',
  'title',
  'description',
  q.raw('item_date::text as item_date'),
  'startTime',
  'endTime',
  'templateId',
  'assignmentId',
  'createdAt',
  'updatedAt',
];

const toItem = (r: ScheduleItemRow): ScheduleItem => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  title: r.title,
  description: r.description ?? null,
  date: r.itemDate,
  startTime: r.startTime,
  endTime: r.endTime,
  templateId: r.templateId ?? null,
  assignmentId: r.assignmentId ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const itemRow = (i: ScheduleItem): ScheduleItemRow => ({
  id: i.id,
  tenantId: i.tenantId,
  userId: i.userId,
  title: i.title,
  description: i.description,
  itemDate: i.date,
  startTime: i.startTime,
  endTime: i.endTime,
  templateId: i.templateId,
  assignmentId: i.assignmentId,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});

export const makeScheduleItemPgRepository = ({ db }: DbDeps): ScheduleItemRepository => {
  const ranged = (tenantId: string, userId: string, from: string, to: string) => {
    const q = db.q();
    return q('schedule_items')
      .where({ tenantId, userId })
      .where('itemDate', '>=', from)
      .where('itemDate', '<=', to)
      .select<ScheduleItemRow[]>(itemColumns(q))
      .orderBy([{ column: 'itemDate' }, { column: 'startTime' }, { column: 'endTime' }, { column: 'createdAt' }, { column: 'id' }]);
  };
  return {
    async insert(item) {
      await db.q()('schedule_items').insert(itemRow(item));
    },
    insertMany: (items) => tenantTable(db, 'schedule_items').insertMany(items.map(itemRow)),
    async findById(tenantId, id) {
      const q = db.q();
      const r = await q('schedule_items').where({ tenantId, id }).first<ScheduleItemRow | undefined>(itemColumns(q));
      return r ? toItem(r) : null;
    },
    async update(item) {
      const { id: _id, tenantId: _t, createdAt: _c, ...changes } = itemRow(item);
      await db.q()('schedule_items').where({ tenantId: item.tenantId, id: item.id }).update(changes);
    },
    async delete(tenantId, id) {
      return (await removed(db.q()('schedule_items').where({ tenantId, id }).delete().returning('id'))) > 0;
    },
    listForUser(tenantId, userId, range, page) {
      return knexPage(ranged(tenantId, userId, range.from, range.to), page, toItem);
    },
    async allForUser(tenantId, userId, range, limit) {
      return (await ranged(tenantId, userId, range.from, range.to).limit(limit)).map(toItem);
    },
  };
};

const toTemplate = (r: ScheduleTemplateRow): ScheduleTemplate => ({
  id: r.id,
  tenantId: r.tenantId,
  ownerId: r.ownerId,
  name: r.name,
  description: r.description ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const toTemplateItem = (r: TemplateItemRow): TemplateItem => ({
  id: r.id,
  tenantId: r.tenantId,
  templateId: r.templateId,
  dayOffset: Number(r.dayOffset),
  title: r.title,
  description: r.description ?? null,
  startTime: r.startTime,
  endTime: r.endTime,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const makeScheduleTemplatePgRepository = ({ db }: DbDeps): ScheduleTemplateRepository => {
  const templates = tenantTable(db, 'schedule_templates', toTemplate);
  const items = tenantTable(db, 'schedule_template_items', toTemplateItem);
  return {
    insert: templates.insert,
    findById: (tenantId, id) => templates.find({ tenantId, id }),
    update: (t) => templates.update(t, ['ownerId']),
    delete: templates.delete,
    list(tenantId, filter, page) {
      const q = db.q()('schedule_templates').where({ tenantId }).select('*');
      if (filter.ownerId) q.where({ ownerId: filter.ownerId });
      return knexPage(q, page, toTemplate, { order: newestFirst() });
    },
    insertItem: items.insert,
    findItem: (tenantId, itemId) => items.find({ tenantId, id: itemId }),
    updateItem: (item) => items.update(item, ['templateId']),
    deleteItem: items.delete,
    async listItems(tenantId, templateId) {
      const rows = await db
        .q()('schedule_template_items')
        .where({ tenantId, templateId })
        .orderBy([{ column: 'dayOffset' }, { column: 'startTime' }, { column: 'endTime' }, { column: 'createdAt' }, { column: 'id' }]);
      return rows.map(toTemplateItem);
    },
    async countItems(tenantId, templateId) {
      const r = (await db.q()('schedule_template_items').where({ tenantId, templateId }).count({ n: '*' }).first()) as
        { n: unknown } | undefined;
      return num(r?.n);
    },
    async insertAssignment(a) {
      // ON CONFLICT DO NOTHING: a concurrent twin waits for our commit, then writes nothing.
      const rows = await db
        .q()('schedule_template_assignments')
        .insert(a)
        .onConflict(['tenant_id', 'template_id', 'user_id', 'start_date'])
        .ignore()
        .returning('id');
      return rows.length === 1;
    },
  };
};

export const makeFeedTokenPgRepository = ({ db }: DbDeps): FeedTokenRepository => ({
  async save(token) {
    await db.q()('schedule_feed_tokens').insert(token).onConflict(['tenant_id', 'user_id']).merge(['tokenHash', 'createdAt']);
  },
  find: async (tenantId, userId) => (await db.q()('schedule_feed_tokens').where({ tenantId, userId }).first()) ?? null,
  findByHash: async (tokenHash) => (await db.q()('schedule_feed_tokens').where({ tokenHash }).first()) ?? null,
  async delete(tenantId, userId) {
    return (await removed(db.q()('schedule_feed_tokens').where({ tenantId, userId }).delete().returning('user_id'))) > 0;
  },
});
