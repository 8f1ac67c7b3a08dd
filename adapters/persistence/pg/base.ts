import { Model, type Page as ObjectionPage, type QueryBuilder } from 'objection';
import type { Database } from '../../../infrastructure/db/database.js';
import type { Page, PageRequest } from '../../../application/shared/ports.js';

/**
 * Objection models carry no connection: every query is given `db.q()`, the transaction of the
 * current unit of work or the root knex. Column names are camelCase here and snake_case in SQL
 * (knexSnakeCaseMappers on the knex instance).
 */
export abstract class BaseModel extends Model {}

export type DbDeps = { db: Database };

export async function toPage<M extends Model, T>(
  query: QueryBuilder<M, M[]>,
  page: PageRequest,
  map: (row: M) => T,
): Promise<Page<T>> {
  const result = (await query.page(page.page - 1, page.pageSize)) as unknown as ObjectionPage<M>;
  return { items: result.results.map(map), total: Number(result.total), page: page.page, pageSize: page.pageSize };
}

/** Escapes LIKE wildcards so a search for `50%` matches the text `50%`. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contains = (s: string): string => `%${likeEscape(s)}%`;
