import type { LearningAsset } from '../ports/admin-repositories.js';
import type { RecordStore } from '../ports/record-store.js';
import { ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { removeRecord, resourceChange, type AdminResource, type ListQuery } from './common.js';
import { auditedUpdate, auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';

export interface ContentItemInput {
  title: string;
  description?: string | null | undefined;
  url?: string | null | undefined;
  type?: string | undefined;
}
export interface ContentItemQuery extends ListQuery {
  type?: string | undefined;
}

type Deps = Pick<LearningDeps, 'auditLog' | 'clock' | 'ids' | 'uow'>;

/** Learning assets and library items (contract §6): `{title, description, url, type}`, searched by title. */
export const makeContentItemsResource = (
  name: string,
  store: RecordStore<LearningAsset>,
  d: Deps,
): AdminResource<LearningAsset, ContentItemInput, Partial<ContentItemInput>, ContentItemQuery, 'RECORD_NOT_FOUND', never> => ({
  list: (tenantId, query, page) => store.list(tenantId, { search: query.search, filter: query.type ? { type: query.type } : {} }, page),
  async create(actor, meta, input) {
    const now = d.clock.now();
    const item: LearningAsset = {
      ...newRecord(d.ids, actor.tenantId, now),
      title: input.title,
      description: input.description ?? null,
      url: input.url ?? null,
      type: input.type ?? 'link',
    };
    await auditedWrite(d, actor, meta, () => store.insert(item), resourceChange(name, 'create', item.id, { title: item.title }));
    return ok(item);
  },
  update: auditedUpdate(d, store, 'RECORD_NOT_FOUND', (id) => resourceChange(name, 'update', id)),
  remove: (actor, meta, id) => removeRecord(d, actor, meta, name, id, () => store.delete(actor.tenantId, id)),
});

export const makeLearningAssetsResource = (d: Deps & { learningAssetStore: RecordStore<LearningAsset> }) =>
  makeContentItemsResource('learning-assets', d.learningAssetStore, d);
export const makeLibraryItemsResource = (d: Deps & { libraryItemStore: RecordStore<LearningAsset> }) =>
  makeContentItemsResource('library-items', d.libraryItemStore, d);

export type ContentItemsResource = ReturnType<typeof makeContentItemsResource>;
