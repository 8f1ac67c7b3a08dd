import type { OutgoingMail } from './ports.js';

/** Plain-text-first mail bodies; HTML mirrors the text with minimal markup. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const htmlParagraphs = (text: string): string =>
  text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');

export function passwordResetMail(to: string, link: string, token: string, ttlMinutes: number, siteName: string): OutgoingMail {
  const text = `Someone asked to reset the password of your ${siteName} account.\n\nChoose a new password here: ${link}\n\nThe link works once, for ${ttlMinutes} minutes (reset code: ${token}). If you did not ask for it, ignore this mail: your password stays as it is.`;
  return { to, subject: `${siteName}: reset your password`, text, html: htmlParagraphs(text), template: 'password_reset' };
}

export function verificationCodeMail(to: string, code: string, ttlMinutes: number, siteName: string): OutgoingMail {
  const text = `Your ${siteName} verification code is ${code}.\n\nIt is valid for ${ttlMinutes} minutes. If you did not ask for it, ignore this mail.`;
  return { to, subject: `${siteName} verification code: ${code}`, text, html: htmlParagraphs(text), template: 'verification_code' };
}
