import { createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';

export interface MultipartLimits {
  /** The one file part's largest size; past it MultipartTooLarge. */
  maxFileBytes: number;
  maxFields: number;
  /** All field values together. */
  maxFieldBytes: number;
  maxFiles: number;
}

export interface MultipartFile {
  /** The form field that carried it. */
  field: string;
  path: string;
  originalName: string;
  mimeType: string;
  size: number;
}

export class MultipartTooLarge extends Error {}
export class MalformedMultipart extends Error {}

const HEADERS_MAX_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** A `Content-Disposition` parameter: quoted (backslash escapes), or a bare token. */
function parameter(disposition: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/**
 * Reads a multipart/form-data body: fields into memory (bounded), files streamed to `dir`.
 * Boundaries are found with `Buffer.indexOf`, and the data between them is written a chunk at a
 * time, whatever it holds: a body of carriage returns (each the first byte of a delimiter) costs
 * what any other body does, where a byte-at-a-time parser (formidable's) handles every CR as a
 * possible delimiter, about 20 µs each. Every file written is removed again when reading fails.
 */
export async function readMultipart(body: Readable, boundary: string, dir: string, limits: MultipartLimits): Promise<{ fields: Record<string, string>; files: MultipartFile[] }> {
  // The first delimiter has no CRLF before it: read as if it had, so one search finds them all.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = delimiter.length + 1;
  let pending: Buffer = CRLF;
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'data' | 'done' = 'preamble';
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  let fieldCount = 0;
  let fieldBytes = 0;
  let part: { kind: 'field'; name: string; chunks: Buffer[] } | { kind: 'file'; file: MultipartFile; out: WriteStream } | null = null;
  // What the envelope may add around the parts' content: past it, the body is refused unread.
  const maxBodyBytes = limits.maxFiles * limits.maxFileBytes + limits.maxFieldBytes + 64 * 1024;
  let bodyBytes = 0;

  const write = async (data: Buffer) => {
    if (data.length === 0 || !part) return;
    if (part.kind === 'field') {
      fieldBytes += data.length;
      if (fieldBytes > limits.maxFieldBytes) throw new MultipartTooLarge(`fields exceed ${limits.maxFieldBytes} bytes`);
      part.chunks.push(data);
    } else if (part.kind === 'file') {
      part.file.size += data.length;
      if (part.file.size > limits.maxFileBytes) throw new MultipartTooLarge(`maximum ${limits.maxFileBytes} bytes`);
      if (!part.out.write(data)) await once(part.out, 'drain');
    }
  };

  const endPart = async () => {
    if (part?.kind === 'field') {
      if (!(part.name in fields)) fields[part.name] = Buffer.concat(part.chunks).toString('utf8');
    } else if (part?.kind === 'file') {
      const { out, file } = part;
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      if (file.size === 0) throw new MalformedMultipart(`${file.field}: empty file`);
    }
    part = null;
  };

  const beginPart = (headerText: string) => {
    const headers = new Map<string, string>();
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MalformedMultipart('malformed part header');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = parameter(disposition, 'name');
    if (!/^form-data\b/i.test(disposition) || name === undefined) throw new MalformedMultipart('part without a form-data name');
    const filename = parameter(disposition, 'filename');
    if (filename === undefined) {
      if (++fieldCount > limits.maxFields) throw new MalformedMultipart(`more than ${limits.maxFields} fields`);
      part = { kind: 'field', name, chunks: [] };
      return;
    }
    if (files.length >= limits.maxFiles) throw new MalformedMultipart(`more than ${limits.maxFiles} file`);
    const file: MultipartFile = { field: name, path: join(dir, randomBytes(16).toString('hex')), originalName: filename, mimeType: headers.get('content-type') || 'application/octet-stream', size: 0 };
    files.push(file);
    const out = createWriteStream(file.path, { flags: 'wx' });
    // Surfaces through the next write's drain or the end; without a listener it would crash the process.
    out.on('error', () => {});
    part = { kind: 'file', file, out };
  };

  try {
    // Not destroyed on an early return: the answer (413, 400) still goes out on that connection.
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      bodyBytes += chunk.length;
      if (bodyBytes > maxBodyBytes) throw new MultipartTooLarge(`maximum ${limits.maxFileBytes} bytes`);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (state === 'preamble' || state === 'data') {
          const at = pending.indexOf(delimiter);
          if (at === -1) {
            // A delimiter may begin in the last bytes: they wait for the next chunk.
            const safe = Math.max(0, pending.length - keep);
            if (state === 'data') await write(pending.subarray(0, safe));
            pending = pending.subarray(safe);
            break;
          }
          if (state === 'data') {
            await write(pending.subarray(0, at));
            await endPart();
          }
          pending = pending.subarray(at + delimiter.length);
          state = 'after-delimiter';
        }
        if (state === 'after-delimiter') {
          if (pending.length < 2) break;
          const next = pending.subarray(0, 2).toString('latin1');
          if (next === '--') {
            state = 'done';
          } else if (next === '\r\n') {
            pending = pending.subarray(2);
            state = 'headers';
          } else {
            throw new MalformedMultipart('malformed boundary');
          }
        }
        if (state === 'headers') {
          const end = pending.indexOf(HEADERS_END);
          if (end === -1) {
            if (pending.length > HEADERS_MAX_BYTES) throw new MalformedMultipart('part headers too long');
            break;
          }
          beginPart(pending.subarray(0, end).toString('utf8'));
          pending = pending.subarray(end + HEADERS_END.length);
          state = 'data';
          continue;
        }
        if (state === 'done') break;
      }
      if (state === 'done') break;
    }
    if (state !== 'done') throw new MalformedMultipart('body ended before the closing boundary');
    return { fields, files };
  } catch (error) {
    const open = part as { kind: string; out?: WriteStream } | null;
    if (open?.out) open.out.destroy();
    await Promise.all(files.map((f) => unlink(f.path).catch(() => {})));
    throw error;
  }
}
