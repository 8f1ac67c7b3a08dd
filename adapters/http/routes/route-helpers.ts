import type { Context } from 'koa';
import { z } from 'zod';
import type { Actor, RequestMeta } from '../../../application/shared/actor.js';
import type { Result } from '../../../application/shared/result.js';
import { RAW, reply } from '../kit/envelope.js';
import { edgeErrors, unwrap } from '../kit/errors.js';
import type { RouteInput } from '../kit/route-table.js';
import type { ErrorCode } from '../errors/codes.js';

type ByIdUseCase<T, E extends ErrorCode> = (actor: Actor, meta: RequestMeta, id: string) => Promise<Result<T, E>>;

/**
 * The handler of an action on one record (`:id`) whose use case takes `(actor, meta, id)`: the
 * record as `view` presents it, with `message`; a failure is the use case's code.
 */
export const actOnId =
  <T, V, E extends ErrorCode>(act: ByIdUseCase<T, E>, view: (value: T) => V, message: string) =>
  async ({ actor, meta, params }: RouteInput<{ id: string }, unknown, unknown>) =>
    reply(view(unwrap(await act(actor, meta, params.id))), message);

/** A `DELETE …/:id`: once the record is gone it answers nothing but `message` (contract §2). */
export const removeById = <E extends ErrorCode>(remove: ByIdUseCase<unknown, E>, message: string) => actOnId(remove, () => null, message);

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

/**
 * A raw answer (a file, a page, a feed, plain text): its type, the headers it needs (cache policy,
 * disposition, CSP) and the body, for the handler to return (`RAW`: the kit adds no envelope).
 */
export const sendRaw = (ctx: Context, type: string, body: unknown, headers: Record<string, string> = {}, status = 200): typeof RAW => {
  ctx.status = status;
  ctx.type = type;
  ctx.set(headers);
  ctx.body = body;
  return RAW;
};

/** A download named `filename` (RFC 6266 with an ASCII fallback and the UTF-8 name: koa's content-disposition). */
export const sendAttachment = (ctx: Context, filename: string, type: string, body: unknown, cache = 'no-store'): typeof RAW => {
  ctx.attachment(filename);
  return sendRaw(ctx, type, body, { 'Cache-Control': cache });
};
