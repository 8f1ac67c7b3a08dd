import { escapeHtml } from '../shared/html.js';
import type { OutgoingMail } from './ports.js';

/** Plain-text-first mail bodies; HTML mirrors the text with minimal markup. */
export const htmlParagraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

export function passwordResetMail(to: string, link: string, token: string, ttlMinutes: number, siteName: string): OutgoingMail {
  const text =
    `Someone asked to reset the password of your ${siteName} account.\n\nChoose a new password here: ` +
    `${link}\n\nThe link works once, for ${ttlMinutes} minutes (reset code: ${token}). If you did not ask for it, ignore ` +
    `this mail: your password stays as it is.`;
  return { to, subject: `${siteName}: reset your password`, text, html: htmlParagraphs(text), template: 'password_reset' };
}

export function verificationCodeMail(to: string, code: string, ttlMinutes: number, siteName: string): OutgoingMail {
  const text = `Your ${siteName} verification code is ${code}.\n\nIt is valid for ${ttlMinutes} minutes. If you did not ask for it, ignore this mail.`;
  return { to, subject: `${siteName} verification code: ${code}`, text, html: htmlParagraphs(text), template: 'verification_code' };
}

export function parentInvitationMail(
  to: string,
  invite: { studentName: string; link: string; token: string; ttlDays: number; siteName: string },
): OutgoingMail {
  const { studentName, link, token, ttlDays, siteName } = invite;
  const text =
    `${studentName} invites you to follow their learning on ${siteName} as their parent: their courses, ` +
    `progress, certificates and assignments.\n\nAccept here: ${link}\n\nWith an account on ${siteName} under this ` +
    `address you are linked to ${studentName}; without one, you choose a name and a password and a parent account is ` +
    `made for you. The link works once, for ${ttlDays} days (invitation code: ${token}). If you do not know ` +
    `${studentName}, ignore this mail: nothing happens.`;
  return {
    to,
    subject: `${siteName}: ${studentName} invites you to follow their learning`,
    text,
    html: htmlParagraphs(text),
    template: 'parent_invitation',
  };
}
