import { escapeHtml as esc } from '../../../application/shared/html.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/identity/password-policy.js';
import { formPage as page } from './form-page.js';

/** The invitation link's page (`PUBLIC_URL/parent-invitation?token=`), used when `ParentInvitationUrl` is empty. */
export const parentInvitationFormPage = (token: string, problem?: string): string =>
  page(
    'Accept the invitation',
    `<h1>Accept the invitation</h1>
${problem ? `<p class="ko">${esc(problem)}</p>\n` : ''}<form method="post" action="/parent-invitation" enctype="multipart/form-data">
<input type="hidden" name="token" value="${esc(token)}">
<label for="name">Your name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="200">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
<button type="submit">Accept</button>
</form>
<p class="note">Name and password make your parent account (${PASSWORD_MIN} to ${PASSWORD_MAX} characters). Already have ` +
      `an account with this address? Leave both empty: it is linked as it is.</p>`,
  );

export const parentInvitationDonePage = (studentName: string, accountCreated: boolean): string =>
  page(
    'Invitation accepted',
    `<h1>Invitation accepted</h1>
<p class="ok">${accountCreated ? 'Your parent account was created and linked' : 'Your account is now linked'} to ` +
      `${esc(studentName)}. Sign in from the application.</p>`,
  );

export const parentInvitationInvalidPage = (): string =>
  page(
    'Invitation invalid or expired',
    `<h1>Invitation invalid or expired</h1>
<p class="ko">This invitation was already used, has expired, or is unknown.</p>
<p class="note">Ask the student to invite you again.</p>`,
  );
