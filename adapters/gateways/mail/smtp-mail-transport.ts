import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport } from '../../../application/platform/ports.js';
import { nodemailerMessage } from './nodemailer-message.js';

/**
 * MAILER=smtp through SMTP_URL. The tenant setting SMTPPassword overrides the URL's password
 * (contract §3), and MailFrom the sender; transports are pooled per effective URL.
 */
export function smtpMailTransport(smtpUrl: string, defaultFrom: string): MailTransport {
  const transports = new Map<string, Transporter>();
  const transportFor = (password: string | null) => {
    const url = new URL(smtpUrl);
    if (password) url.password = encodeURIComponent(password);
    const key = url.toString();
    let t = transports.get(key);
    if (!t) {
      t = nodemailer.createTransport(key);
      transports.set(key, t);
    }
    return t;
  };
  return {
    async deliver(message, settings) {
      const password = typeof settings.SMTPPassword === 'string' && settings.SMTPPassword ? settings.SMTPPassword : null;
      const from = typeof settings.MailFrom === 'string' && settings.MailFrom ? settings.MailFrom : defaultFrom;
      await transportFor(password).sendMail(nodemailerMessage(message, from));
      return 'sent';
    },
  };
}
