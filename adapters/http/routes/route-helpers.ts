import { z } from 'zod';
import type { Actor, RequestMeta } from '../../../application/shared/actor.js';
import type { Result } from '../../../application/shared/result.js';
import { reply } from '../kit/envelope.js';
import { edgeErrors, unwrap } from '../kit/errors.js';
import type { RouteInput } from '../kit/route-table.js';
import type { ErrorCode } from '../errors/codes.js';

/**
 * The handler of a `DELETE …/:id` whose use case takes `(actor, meta, id)`: once the record is gone
 * it answers nothing but `message` (contract §2), and a failure is the use case's code.
 */
export const removeById =
  <E extends ErrorCode>(remove: (actor: Actor, meta: RequestMeta, id: string) => Promise<Result<unknown, E>>, message: string) =>
  async ({ actor, meta, params }: RouteInput<{ id: string }, unknown, unknown>) => {
    unwrap(await remove(actor, meta, params.id));
    return reply(null, message);
  };

const htmlPage = z.string().meta({ description: 'A self-contained HTML page (no script)' });
const linkPageBase = { access: 'public', tenant: 'proof', produces: 'text/html', producesSchema: htmlPage } as const;

/** A page a mailed link (`?token=`) opens when the tenant has no front end: public HTML, the token names the tenant. */
export const linkPage = { ...linkPageBase, errors: edgeErrors([]) } as const;

/** That page's form posted back: fields only (multipart), rate limited as a login is; a refusal answers a 400 page. */
export const linkPageForm = {
  ...linkPageBase,
  rateLimit: 'critical',
  bodyKind: { kind: 'multipart', maxFileBytes: 0 },
  errorProduces: { 400: 'text/html' },
} as const;
