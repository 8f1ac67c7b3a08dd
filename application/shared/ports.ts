/** Time reaches the core through this port so that tests control it (deadlines, token expiry). */
export interface Clock {
  now(): Date;
}

/**
 * Phone numbers in E.164, one rule for every context: CRM leads and users' profiles are compared
 * by it (a lead finds its person by phone).
 */
export interface PhoneNumbers {
  /** E.164, or null when the text is not a possible phone number. Local numbers are Indonesian by default. */
  toE164(raw: string): string | null;
}

export interface IdGenerator {
  uuid(): string;
}

/** Cryptographic randomness for codes and tokens; a port so tests may make it deterministic. */
export interface RandomSource {
  /** `length` characters drawn uniformly from `alphabet`. */
  string(length: number, alphabet: string): string;
  bytesHex(bytes: number): string;
}

/**
 * Runs `work` in one database transaction. Repositories called inside it join the transaction
 * on their own (the adapter keeps the transaction in async context), and `afterCommit`
 * callbacks (job enqueues) run only once the transaction has committed.
 */
export interface UnitOfWorkOptions {
  /**
   * The work writes with one statement, atomic on its own: no transaction is opened (two round
   * trips and a connection hand-over fewer), while post-commit callbacks still wait for the
   * write and their failures are reported, not thrown, exactly as after a transaction.
   */
  singleStatement?: boolean;
}

export interface UnitOfWork {
  run<T>(work: () => Promise<T>, options?: UnitOfWorkOptions): Promise<T>;
  afterCommit(callback: () => Promise<void> | void): Promise<void>;
}

export interface JobOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Total tries including the first one (default 1). */
  attempts?: number;
  /** Exponential backoff base for retries, in milliseconds (default 1000). */
  backoffMs?: number;
  /** Idempotency key: a second enqueue with the same id while the first is known is ignored. */
  jobId?: string;
  /**
   * With `jobId`, for the relays of rows of record: a job of that id that has ended (failed or
   * completed) while its row is still pending is replaced by a new one; a live job (waiting,
   * delayed for a retry, running) is left alone.
   */
  revive?: boolean;
}

/** Background work. Enqueues inside a unit of work are deferred until it commits. */
export interface Jobs {
  enqueue(name: string, payload: unknown, options?: JobOptions): Promise<void>;
}

export interface LogPort {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** A key/value store with expiry: memory in one process, Redis across processes. */
export interface KeyValueStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: a value can be taken once (single-use challenges). */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
}

export interface Page<T> {
  items: T[];
  /** Exact up to a cap; past it the planner's estimate, and `totalIsEstimate` says so. */
  total: number;
  page: number;
  pageSize: number;
  totalIsEstimate?: boolean;
  /** Where the page after this one starts (`PageRequest.cursor`); null on the last page. */
  nextCursor?: string | null;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /**
   * An opaque position answered as a page's `nextCursor`: the page starts right after it, found
   * through the list's index instead of skipping `(page - 1) * pageSize` rows.
   */
  cursor?: string;
}

export const offsetOf = (p: PageRequest): number => (p.page - 1) * p.pageSize;

/**
 * Values kept in memory to be read again, declared where they are used: bounded, each kept at
 * most its time to live on the Clock port. Whoever changes what a value was read from invalidates
 * it, after the change is committed: at once in this process, and in the others through the
 * adapter's bus (Redis pub/sub with REDIS_URL; without it another process reads the change once
 * the entry's time to live has passed).
 */
export interface Cache<V> {
  /** The value kept for `key`, else `load()`'s answer, kept unless an invalidation arrived while it loaded. */
  read(key: string, load: () => Promise<V>): Promise<V>;
  /** The value kept for `key`, if any: for values computed synchronously and kept with `put`. */
  peek(key: string): V | undefined;
  /** Keeps `value` for `key`: only for values that depend on the key alone (nothing invalidates them). */
  put(key: string, value: V): void;
  /** Forgets `key` here at once and in every other process. */
  invalidate(key: string): Promise<void>;
  /** Forgets every key here at once and in every other process (a change whose keys are not known). */
  invalidateAll(): Promise<void>;
}
