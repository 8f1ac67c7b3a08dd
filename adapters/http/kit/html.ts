import { createHash } from 'node:crypto';

/**
 * A Content-Security-Policy for a page of ours that needs nothing but its one inline `<style>`:
 * that style is allowed by its hash, everything else (scripts, images, frames, forms) refused.
 */
export const inlineStyleOnlyCsp = (style: string): string =>
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'; base-uri ` +
  `'none'; form-action 'none'; frame-ancestors 'none'`;

/** As `inlineStyleOnlyCsp`, for a page whose form posts back to this origin (no script either). */
export const inlineStyleFormCsp = (style: string): string => inlineStyleOnlyCsp(style).replace("form-action 'none'", "form-action 'self'");
