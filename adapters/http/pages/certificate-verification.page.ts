import { formatIssuedAt } from '../../../domain/learning/certificate.js';
import { escapeHtml as esc } from '../../../application/shared/html.js';
import { inlineStyleOnlyCsp } from '../kit/html.js';

/**
 * The page a phone opens from a certificate's QR code: self-contained (no script, font or image
 * from anywhere), readable on a small screen, colours of at least 7:1 contrast on their background.
 */
const STYLE = `*{box-sizing:border-box}
body{margin:0;padding:1.25rem;background:#f3f4f6;color:#111827;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-top:6px solid #1f3a5f;border-radius:.5rem;padding:1.5rem}
.status{display:inline-block;margin:0 0 1rem;padding:.35rem .8rem;border-radius:999px;font-weight:700}
.valid{background:#dcfce7;color:#14532d}.unknown{background:#fee2e2;color:#7f1d1d}
.lead{margin:.25rem 0;color:#374151}
h1{margin:.25rem 0 .75rem;font-size:clamp(1.6rem,7vw,2.4rem);line-height:1.2;color:#1f3a5f;overflow-wrap:anywhere}
.course{margin:.25rem 0 1.25rem;font-size:1.25rem;font-weight:700;overflow-wrap:anywhere}
dl{margin:0;border-top:1px solid #e5e7eb}
dl div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.6rem 0;border-bottom:1px solid #e5e7eb}
dt{color:#374151}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
code{font:600 1rem ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.05em}
.note{margin:1.25rem 0 0;font-size:.875rem;color:#374151}`;

export const CERTIFICATE_PAGE_CSP = inlineStyleOnlyCsp(STYLE);

const page = (title: string, content: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
${content}
</main></body></html>`;

export interface VerifiedCertificate {
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
  code: string;
  /** The tenant that issued it. */
  issuer: string;
}

/** A certificate of ours. There is no revocation yet, so every certificate found is valid. */
export const certificateVerificationPage = (c: VerifiedCertificate): string =>
  page(
    `Valid certificate: ${c.studentName}, ${c.courseTitle}`,
    `<p class="status valid">&#10003; Valid certificate</p>
<p class="lead">${esc(c.issuer)} certifies that</p>
<h1>${esc(c.studentName)}</h1>
<p class="lead">has completed the course</p>
<p class="course">${esc(c.courseTitle)}</p>
<dl>
<div><dt>Date issued</dt><dd><time datetime="${c.issuedAt.toISOString().slice(0, 10)}">${esc(formatIssuedAt(c.issuedAt))}</time></dd></div>
<div><dt>Issued by</dt><dd>${esc(c.issuer)}</dd></div>
<div><dt>Verification code</dt><dd><code>${esc(c.code)}</code></dd></div>
</dl>
<p class="note">This page is served by the issuer: what it shows is the issuer's own record of the certificate.</p>`,
  );

export const certificateNotFoundPage = (code: string): string =>
  page(
    'Certificate not found',
    `<p class="status unknown">&#10007; Certificate not found</p>
<h1>No certificate has this code</h1>
<dl><div><dt>Code checked</dt><dd><code>${esc(code)}</code></dd></div></dl>
<p class="note">Check the code printed under the QR code of the certificate (letters and digits, dashes optional). A ` +
      `certificate whose code is not found here was not issued by us.</p>`,
  );
