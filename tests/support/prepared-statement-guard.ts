import type { Knex } from 'knex';

/**
 * pg prepares a named statement once per connection and refuses the same name with another SQL
 * text ("Prepared statements must be unique"), on PostgreSQL only and only when one connection
 * meets both. This watches every statement of the run, on either engine, for a name seen with two
 * texts: `problems()` names them, for the root hooks to fail the run.
 */
export function watchPreparedStatements(knex: Knex): { problems(): string[] } {
  const texts = new Map<string, string>();
  const problems: string[] = [];
  knex.on('query', (query: { sql?: string; options?: { name?: unknown } }) => {
    const name = query.options?.name;
    if (typeof name !== 'string' || query.sql === undefined) return;
    const known = texts.get(name);
    if (known === undefined) texts.set(name, query.sql);
    else if (known !== query.sql && problems.length < 10)
      problems.push(`prepared statement "${name}" ran as\n  ${known}\nand as\n  ${query.sql}`);
  });
  return { problems: () => problems };
}
