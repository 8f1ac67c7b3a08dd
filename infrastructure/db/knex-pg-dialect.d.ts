// knex ships its dialect clients untyped; ours extends the PostgreSQL one.
declare module 'knex/lib/dialects/postgres/index.js' {
  import type { Knex } from 'knex';

  const ClientPg: new (config: Knex.Config) => Knex.Client;
  export default ClientPg;
}
