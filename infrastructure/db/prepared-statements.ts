/** Shared by both engines' prepared-statement paths. */

/** Only data statements are worth a plan kept across calls; DDL and transaction control run unnamed. */
export const isPreparable = (sql: string): boolean => /^\s*(select|insert|update|delete|with)\b/i.test(sql);

/** PostgreSQL refuses a kept statement whose result columns changed under it (a migration altered the table). */
export const isStalePlan = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '0A000' && /cached plan/i.test(String((error as Error).message));
