import { escapeHtml as esc } from '../../../application/shared/html.js';
import type { Context } from 'koa';
import { RAW } from '../kit/envelope.js';
import { inlineStyleFormCsp } from '../kit/html.js';

/**
 * The pages a mailed link opens when the tenant has no front end of its own (reset password,
 * parent invitation). A plain form posted back to this origin: no script, so the CSP stays as
 * strict as the certificate page's, with only `form-action 'self'` added. Forms are sent as
 * multipart/form-data, the encoding the route kit already parses.
 */
const STYLE = `*{box-sizing:border-box}
body{margin:0;padding:1.25rem;background:#f3f4f6;color:#111827;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-top:6px solid #1f3a5f;border-radius:.5rem;padding:1.5rem}
h1{margin:0 0 1rem;font-size:1.5rem;color:#1f3a5f}
label{display:block;margin:0 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem;margin:0 0 1rem;border:1px solid #6b7280;border-radius:.375rem;font-size:1rem}
button{width:100%;padding:.75rem;border:0;border-radius:.375rem;background:#1f3a5f;color:#fff;font-size:1rem;cursor:pointer}
.ok{color:#14532d;font-weight:700}.ko{color:#7f1d1d;font-weight:700}
.note{margin:1rem 0 0;font-size:.875rem;color:#374151}`;

export const FORM_PAGE_CSP = inlineStyleFormCsp(STYLE);

export const formPage = (title: string, content: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
${content}
</main></body></html>`;

/** Answers one of these pages; `no-store`, as it carries the link's token. */
export const sendFormPage = (ctx: Context, status: number, html: string): typeof RAW => {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', FORM_PAGE_CSP);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = html;
  return RAW;
};
