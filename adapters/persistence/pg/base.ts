import type { Database } from '../../../infrastructure/db/database.js';

export type DbDeps = { db: Database };

/** Escapes LIKE wildcards so a search for `50%` matches the text `50%`. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contains = (s: string): string => `%${likeEscape(s)}%`;
