import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { UnitOfWork, UnitOfWorkOptions } from '../../application/shared/ports.js';

interface TxFrame {
  /** Null for single-statement work: its queries run on the root knex, outside a transaction. */
  trx: Knex.Transaction | null;
  afterCommit: Array<() => Promise<void> | void>;
}

/**
 * The transaction holder. Repositories ask `db.q()` for the query runner and so join the
 * current unit of work without being told: PGlite has a single connection, and a query on the
 * root knex while a transaction is open waits for the pool's acquire timeout (toolchain notes).
 */
export class Database implements UnitOfWork {
  private readonly als = new AsyncLocalStorage<TxFrame>();
  /** Units of work under way in this process: while none is, the storage is disabled (see `run`). */
  private running = 0;

  /**
   * @param onAfterCommitError what to do when a post-commit callback fails: the change is already
   *   committed, so the caller must not see a failure (outbox relays retry what was not enqueued).
   */
  constructor(
    readonly knex: Knex,
    private readonly onAfterCommitError: (error: unknown) => void = () => {},
  ) {}

  q(): Knex | Knex.Transaction {
    return this.als.getStore()?.trx ?? this.knex;
  }

  inTransaction(): boolean {
    return Boolean(this.als.getStore()?.trx);
  }

  async run<T>(work: () => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    const outer = this.als.getStore();
    if (outer && (outer.trx || options.singleStatement)) return work(); // nested units of work join the outer one
    const afterCommit: TxFrame['afterCommit'] = [];
    // An enabled AsyncLocalStorage runs a hook on every promise the process creates, on Node 20
    // (bench/README.md, "Instructions per request"): some 40 a statement through knex and its pool.
    // So it is enabled only while a unit of work is under way (`run` enables it) and disabled when
    // the last one ends, when no context of it is left to exit: reads outside a unit of work
    // (the course page, the catalogue) then create their promises without the hook.
    this.running++;
    let result: T;
    try {
      result = options.singleStatement
        ? await this.als.run({ trx: null, afterCommit }, work)
        : await this.knex.transaction((trx) => this.als.run({ trx, afterCommit }, work));
    } finally {
      if (--this.running === 0) this.als.disable();
    }
    for (const callback of afterCommit) {
      try {
        await callback();
      } catch (error) {
        this.onAfterCommitError(error);
      }
    }
    return result;
  }

  async afterCommit(callback: () => Promise<void> | void): Promise<void> {
    const frame = this.als.getStore();
    if (frame) frame.afterCommit.push(callback);
    else await callback();
  }

  async ping(timeoutMs = 2000): Promise<boolean> {
    try {
      await Promise.race([
        this.knex.raw('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
      ]);
      return true;
    } catch {
      return false;
    }
  }
}
