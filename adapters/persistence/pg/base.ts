import { Model, type QueryBuilder } from 'objection';
import type { Knex } from 'knex';
import { knexPage, type PageOptions } from './knex-helpers.js';
import type { Database } from '../../../infrastructure/db/database.js';
import type { Page, PageRequest } from '../../../application/shared/ports.js';

/**
 * Objection models carry no connection: every query is given `db.q()`, the transaction of the
 * current unit of work or the root knex. Column names are camelCase here and snake_case in SQL
 * (knexSnakeCaseMappers on the knex instance).
 */
export abstract class BaseModel extends Model {}

export type DbDeps = { db: Database };

/** A page of an objection query (see `knexPage`). */
export function toPage<M extends Model, T>(
  query: QueryBuilder<M, M[]>,
  page: PageRequest,
  map: (row: M) => T,
  options?: PageOptions,
): Promise<Page<T>> {
  // The rows are read as plain objects: the mappers only read the model's fields.
  return knexPage(query.toKnexQuery() as Knex.QueryBuilder, page, (row: M) => map(row), options);
}

/** Escapes LIKE wildcards so a search for `50%` matches the text `50%`. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contains = (s: string): string => `%${likeEscape(s)}%`;
