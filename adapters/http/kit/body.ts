import { tmpdir } from 'node:os';
import { unlink } from 'node:fs/promises';
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import getRawBody from 'raw-body';
import { HttpError, invalidField } from './errors.js';
import { badTextPath } from './text.js';
import { MalformedMultipart, MultipartTooLarge, readMultipart } from './multipart.js';
import type { UploadedFile } from './route-table.js';

export const JSON_LIMIT_BYTES = 1024 * 1024;

const jsonParser = koaBody({
  json: true,
  urlencoded: false,
  text: false,
  multipart: false,
  jsonLimit: JSON_LIMIT_BYTES,
  jsonStrict: true,
  patchNode: false,
});

/** JSON bodies up to 1 MB (contract §2): larger is 413, malformed is 400. */
export async function parseJson(ctx: Context): Promise<unknown> {
  await jsonParser(ctx, async () => {});
  return ctx.request.body;
}

/** Exact bytes for signature checks (webhooks), then the JSON they hold. */
export async function parseRawJson(ctx: Context): Promise<{ raw: Buffer; body: unknown }> {
  const raw = await getRawBody(ctx.req, { limit: JSON_LIMIT_BYTES, length: ctx.get('content-length') || undefined });
  if (raw.length === 0) return { raw, body: undefined };
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    // Text PostgreSQL cannot store counts as malformed: the handler refuses it after the signature check.
    return { raw, body: badTextPath(body) === null ? body : undefined };
  } catch {
    // Kept raw: a signature check must still answer 403 for a forged body, before shape errors.
    return { raw, body: undefined };
  }
}

/**
 * multipart/form-data with one file, streamed to a temporary file (never held in memory).
 * Over the limit: 413 `File too large`, and the partial file is removed.
 */
export async function parseMultipart(
  ctx: Context,
  maxFileBytes: number,
): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  const fileTooLarge = () => new HttpError(413, 'File too large', `maximum ${maxFileBytes} bytes`, { code: 'FILE_TOO_LARGE' });
  const declared = Number(ctx.get('content-length') || 0);
  // The multipart envelope adds a few hundred bytes; far beyond the limit needs no reading.
  if (declared > maxFileBytes + 64 * 1024) throw fileTooLarge();
  if (!ctx.is('multipart') || !/;\s*boundary=/i.test(ctx.get('content-type'))) {
    throw invalidField('body', 'expected multipart/form-data');
  }
  try {
    const { fields, files } = await readMultipart(ctx.req, ctx.req.headers, tmpdir(), {
      maxFileBytes,
      maxFiles: 1,
      maxFields: 20,
      maxFieldBytes: 1024 * 1024,
    });
    const f = files.find((x) => x.field === 'file');
    for (const other of files) if (other !== f) await unlink(other.path).catch(() => {});
    return { file: f ? { path: f.path, originalName: f.originalName || 'file', mimeType: f.mimeType, size: f.size } : null, fields };
  } catch (error) {
    if (error instanceof MultipartTooLarge) throw fileTooLarge();
    if (error instanceof MalformedMultipart) throw invalidField('file', error.message);
    throw error;
  }
}
