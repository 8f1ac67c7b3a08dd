import { createHash } from 'node:crypto';
import ClientPg from 'knex/lib/dialects/postgres/index.js';
import type pg from 'pg';
import { isPreparable, isStalePlan } from './prepared-statements.js';

/** Per connection; the least recently used beyond it is deallocated (texts with long IN lists vary without end). */
const MAX_PREPARED = 250;

interface KnexQuery {
  sql?: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
}

/** pg's own record of the statements a connection has parsed (it then sends only bind and execute). */
type PgConnection = pg.Client & { connection: { parsedStatements: Record<string, string> } };

/** Statement names by connection, most recent last. Module-wide: knex's transaction clients are bare copies of the client's prototype. */
const recentByConnection = new WeakMap<PgConnection, Map<string, true>>();
/** The last statement sent on each connection: the next one waits for it. */
const lastByConnection = new WeakMap<PgConnection, Promise<unknown>>();

const superQuery = (ClientPg.prototype as unknown as { _query(connection: unknown, obj: KnexQuery): Promise<unknown> })._query;

/**
 * knex's PostgreSQL client with each data statement run as a named prepared statement, as the
 * drivers of other platforms do: a connection parses and plans a statement once, then only binds
 * and executes it. The name is a digest of the text, so a text always has the same name on every
 * connection and process. Measured here: the catalogue list +35 % requests/s, the course page +50 %
 * (PostgreSQL shares the cores with the API). Not for PgBouncer in transaction mode (sessions are not
 * kept): DATABASE_PREPARED_STATEMENTS=false turns it off.
 */
export class PreparedPgClient extends ClientPg {
  /**
   * One statement at a time per connection, in order. A transaction's statements all use its one
   * connection, and work inside it may issue several at once (Promise.all); pg would queue them
   * itself, which it deprecates (pg 9 refuses it).
   */
  _query(connection: PgConnection, obj: KnexQuery): Promise<unknown> {
    const previous = lastByConnection.get(connection);
    const next = previous ? previous.then(() => this.send(connection, obj), () => this.send(connection, obj)) : this.send(connection, obj);
    const settled = next.then(() => undefined, () => undefined);
    lastByConnection.set(connection, settled);
    // Forget a finished chain, so an idle connection holds no promise.
    void settled.then(() => {
      if (lastByConnection.get(connection) === settled) lastByConnection.delete(connection);
    });
    return next;
  }

  private async send(connection: PgConnection, obj: KnexQuery): Promise<unknown> {
    const prepare = (this.config as { prepareStatements?: boolean }).prepareStatements !== false;
    if (!prepare || !obj.sql || !isPreparable(obj.sql)) return superQuery.call(this, connection, obj);
    const name = `knex_${createHash('sha1').update(obj.sql).digest('base64url')}`;
    const evicted = this.remember(connection, name);
    // Before the statement, not beside it: pg deprecates queueing a query on a busy client.
    if (evicted) await this.deallocate(connection, evicted).catch(() => undefined);
    const named = { ...obj, options: { ...obj.options, name } };
    try {
      return await superQuery.call(this, connection, named);
    } catch (error) {
      // Inside a transaction the error has aborted it (and would refuse the deallocation): the
      // statement's next use outside one renews it.
      if (!isStalePlan(error) || this.inTransaction()) throw error;
      await this.deallocate(connection, name);
      return superQuery.call(this, connection, named);
    }
  }

  /** Notes the name's use; answers the least recently used one to deallocate, if one must go. */
  private remember(connection: PgConnection, name: string): string | null {
    let names = recentByConnection.get(connection);
    if (!names) recentByConnection.set(connection, (names = new Map()));
    names.delete(name);
    names.set(name, true);
    // An aborted transaction would refuse the deallocation: evict only outside transactions.
    if (names.size <= MAX_PREPARED || this.inTransaction()) return null;
    const oldest = names.keys().next().value!;
    names.delete(oldest);
    return oldest;
  }

  private inTransaction(): boolean {
    return (this as { transacting?: boolean }).transacting === true;
  }

  /**
   * pg forgets the name in the callback, before anything else can be sent on the connection (a
   * next use of the name must prepare it again, not bind a statement the server no longer has).
   */
  private deallocate(connection: PgConnection, name: string): Promise<void> {
    return new Promise((resolve, reject) => {
      connection.query(`deallocate "${name}"`, (error: Error | null) => {
        if (error) return reject(error);
        delete connection.connection.parsedStatements[name];
        resolve();
      });
    });
  }
}
