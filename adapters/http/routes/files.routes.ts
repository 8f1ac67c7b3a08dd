import { Readable } from 'node:stream';
import { z } from 'zod';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { DomainError, unwrap, errorsFrom, edgeErrors } from '../kit/errors.js';
import { acknowledgement, idParam, pageQuery, pageView, toPageRequest } from '../kit/schemas.js';
import * as wire from '../wire/platform.wire.js';
import { fileView } from '../wire/platform.present.js';
import type { RouteInput, RouteModule } from '../kit/route-table.js';
import { removeById, sendRaw } from './route-helpers.js';
import type { PlatformRegistry } from '../../../application/platform/registry.js';

type Deps = Pick<PlatformRegistry, 'uploadFile' | 'listFiles' | 'deleteFile' | 'openFile'>;

/** Contract §9 and the spec's limits: 25 MB, streamed to disk while received. */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

const FileParam = z.object({ file: z.string().max(300) });
const ListQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });
// `?q=` is the contract's name on this one route; `search`, every list's name, is taken too.
const SearchQuery = ListQuery.extend({ q: z.string().trim().max(200).optional() });

export const makeFileRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['files'];

    r.post(
      '/api/file',
      {
        operationId: 'uploadFile',
        response: wire.StoredFile,
        errors: edgeErrors(['FILE_REQUIRED']),
        summary: 'Upload a file (multipart field `file`, at most 25 MB)',
        access: Role.Admin,
        rateLimit: 'upload',
        bodyKind: { kind: 'multipart', maxFileBytes: UPLOAD_MAX_BYTES },
        tags,
      },
      async ({ actor, meta, file }) => {
        if (!file) throw new DomainError('FILE_REQUIRED', 'file: required');
        const stored = await d.uploadFile(actor, meta, file);
        return reply(fileView(stored), 'File uploaded');
      },
    );

    r.get(
      '/api/file',
      {
        operationId: 'listFiles',
        response: wire.FilePage,
        errors: errorsFrom(d.listFiles)([]),
        summary: 'Uploaded files, newest first',
        access: Role.Admin,
        query: ListQuery,
        tags,
      },
      async ({ actor, query }) => pageView(await d.listFiles(actor.tenantId, query.search, toPageRequest(query)), fileView),
    );

    r.get(
      '/api/file/search',
      {
        operationId: 'searchFiles',
        response: wire.FilePage,
        errors: errorsFrom(d.listFiles)([]),
        summary: 'Files whose original name contains ?q=',
        access: Role.Admin,
        query: SearchQuery,
        tags,
      },
      async ({ actor, query }) => pageView(await d.listFiles(actor.tenantId, query.q ?? query.search, toPageRequest(query)), fileView),
    );

    const download = async ({ tenant, params, ctx }: RouteInput<{ file: string }, unknown, unknown>) => {
      const f = unwrap(await d.openFile(tenant.id, params.file));
      // RFC 6266 with an ASCII fallback and the UTF-8 name (koa's content-disposition).
      ctx.attachment(f.file.originalName, { type: f.disposition });
      ctx.length = f.file.size;
      const body = f.body instanceof Readable ? f.body : Readable.from(f.body);
      return sendRaw(ctx, f.contentType, body, { 'Cache-Control': 'private, max-age=300' });
    };
    // The type comes from the stored name's extension: images, PDF, text, audio and video inline, the rest as octet-stream attachments.
    const downloadSpec = { params: FileParam, produces: '*/*', tags, errors: errorsFrom(d.openFile)(['FILE_NOT_FOUND']) } as const;
    r.get(
      '/api/file/download/:file',
      { ...downloadSpec, operationId: 'downloadFileAsAdmin', summary: 'Download a file', access: Role.Admin },
      download,
    );
    r.get(
      '/api/files/download/:file',
      { ...downloadSpec, operationId: 'downloadFile', summary: 'Download a file (public link)', access: 'public' },
      download,
    );

    r.delete(
      '/api/file/:id',
      {
        operationId: 'deleteFile',
        response: acknowledgement,
        errors: errorsFrom(d.deleteFile)(['FILE_NOT_FOUND']),
        summary: 'Delete a file',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      removeById(d.deleteFile, 'File deleted'),
    );
  };
