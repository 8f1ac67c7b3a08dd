import { escapeHtml as esc } from '../../../application/shared/html.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/identity/password-policy.js';
import { formPage as page } from './form-page.js';

/** The reset link's page (`PUBLIC_URL/reset-password?token=`), used when `PasswordResetUrl` is empty. */
export const resetPasswordFormPage = (token: string, problem?: string): string =>
  page(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${problem ? `<p class="ko">${esc(problem)}</p>\n` : ''}<form method="post" action="/reset-password" enctype="multipart/form-data">
<input type="hidden" name="token" value="${esc(token)}">
<label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
<button type="submit">Set password</button>
</form>
<p class="note">${PASSWORD_MIN} to ${PASSWORD_MAX} characters. The link works once, for 30 minutes; setting a password signs out every device.</p>`,
  );

export const passwordResetDonePage = (): string =>
  page(
    'Password changed',
    `<h1>Password changed</h1>
<p class="ok">Your password has been changed. Sign in with it from the application.</p>`,
  );

export const resetLinkInvalidPage = (): string =>
  page(
    'Link invalid or expired',
    `<h1>Link invalid or expired</h1>
<p class="ko">This reset link was already used, has expired, or is unknown.</p>
<p class="note">Ask for a new one from the sign-in screen.</p>`,
  );
