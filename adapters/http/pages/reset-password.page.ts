import { escapeHtml as esc } from '../../../application/shared/html.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/identity/password-policy.js';
import { inlineStyleFormCsp } from '../kit/html.js';

/**
 * The page a mailed reset link opens when the tenant has no front end of its own
 * (`PasswordResetUrl` empty). A plain form posted back to `/reset-password`: no script, so the
 * CSP stays as strict as the certificate page's, with only `form-action 'self'` added.
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

export const RESET_PASSWORD_PAGE_CSP = inlineStyleFormCsp(STYLE);

const page = (title: string, content: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
${content}
</main></body></html>`;

/** multipart/form-data: the encoding the route kit already parses for forms. */
export const resetPasswordFormPage = (token: string, problem?: string): string => page('Choose a new password', `<h1>Choose a new password</h1>
${problem ? `<p class="ko">${esc(problem)}</p>\n` : ''}<form method="post" action="/reset-password" enctype="multipart/form-data">
<input type="hidden" name="token" value="${esc(token)}">
<label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
<button type="submit">Set password</button>
</form>
<p class="note">${PASSWORD_MIN} to ${PASSWORD_MAX} characters. The link works once, for 30 minutes; setting a password signs out every device.</p>`);

export const passwordResetDonePage = (): string => page('Password changed', `<h1>Password changed</h1>
<p class="ok">Your password has been changed. Sign in with it from the application.</p>`);

export const resetLinkInvalidPage = (): string => page('Link invalid or expired', `<h1>Link invalid or expired</h1>
<p class="ko">This reset link was already used, has expired, or is unknown.</p>
<p class="note">Ask for a new one from the sign-in screen.</p>`);
