/**
 * Human-typed codes: upper-case letters and digits without look-alikes (no 0/O, 1/I/L), so a
 * code read aloud or copied from paper is typed right (contract §6).
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const LINKING_CODE_LENGTH = 8;
export const LINKING_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** Certificate codes: 12 characters (about 59 bits), shown as XXXX-XXXX-XXXX. */
export const CERTIFICATE_CODE_LENGTH = 12;

/** What people type: any case, spaces and dashes ignored. */
export const normaliseCode = (input: string): string => input.toUpperCase().replace(/[\s-]/g, '');

export const isWellFormedCode = (code: string, length: number): boolean =>
  code.length === length && [...code].every((c) => CODE_ALPHABET.includes(c));

export const formatCertificateCode = (raw: string): string => raw.match(/.{1,4}/g)!.join('-');

export type LinkingCodeState = 'usable' | 'used' | 'expired';

export function linkingCodeState(code: { usedAt: Date | null; expiresAt: Date }, now: Date): LinkingCodeState {
  if (code.usedAt) return 'used';
  return code.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
}
