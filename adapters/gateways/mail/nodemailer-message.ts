import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from '../../../application/platform/ports.js';

/** A recorded message as nodemailer takes it (nodemailer writes the MIME): one shape for SMTP and for the outbox's `.eml` files. */
export const nodemailerMessage = (message: MailMessage, from: string): SendMailOptions => ({
  from,
  to: message.to,
  subject: message.subject,
  messageId: message.messageId,
  ...(message.text ? { text: message.text } : {}),
  ...(message.html ? { html: message.html } : {}),
  attachments: message.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.contentBase64, 'base64'),
  })),
});
