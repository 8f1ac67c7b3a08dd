/**
 * Content types we serve for stored files, by extension. Anything not listed (HTML, SVG,
 * scripts …) is served as an `application/octet-stream` attachment, so an uploaded page can
 * never run in the service's origin.
 */
const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

const ATTACHMENT_TYPES: Record<string, string> = {
  zip: 'application/zip',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Lower-case extension of a file name, letters and digits only, or '' . */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

export function servingTypeOf(name: string): { contentType: string; disposition: 'inline' | 'attachment' } {
  const ext = extensionOf(name);
  if (INLINE_TYPES[ext]) return { contentType: INLINE_TYPES[ext], disposition: 'inline' };
  return { contentType: ATTACHMENT_TYPES[ext] ?? 'application/octet-stream', disposition: 'attachment' };
}

/** Stored names are ours (`<uuid>.<ext>`); anything else, `../` included, names no file. */
export const STORED_NAME_PATTERN = /^[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

export type ImageKind = 'png' | 'jpeg';

/** The real type of an image from its first bytes, whatever the upload claimed. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

export interface StoredFile {
  id: string;
  tenantId: string;
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
  uploadedBy: string | null;
  /** `upload` (the file manager) or what else stored it, e.g. `certificate-background`. */
  purpose: string;
  createdAt: Date;
}
