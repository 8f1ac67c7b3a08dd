import type { Actor, RequestMeta } from './actor.js';
import type { Result } from './result.js';

/**
 * The call of every audited change a signed-in user makes: who makes it, the request it comes from
 * (the audit entry's IP and user agent), then its own arguments; it answers its value or one of
 * its codes `E`. `AuditedCommand<[id: string, changes: X], T, E>` is
 * `(actor: Actor, meta: RequestMeta, id: string, changes: X) => Promise<Result<T, E>>`.
 */
export type AuditedCommand<Args extends unknown[], T, E extends string> = (
  actor: Actor,
  meta: RequestMeta,
  ...args: Args
) => Promise<Result<T, E>>;
