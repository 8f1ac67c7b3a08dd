import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport } from '../../../application/platform/ports.js';
import type { LogPort } from '../../../application/shared/ports.js';
import { nodemailerMessage } from './nodemailer-message.js';

/**
 * MAILER=outbox: the recorded message is the delivery; read it at GET /api/email/outbox, which
 * withholds secrets such as reset links. Outside production (`emlDir` set) each mail is also
 * written as an RFC 822 `.eml` file, so a developer can follow the links it carries; the log line
 * names the file but not the links.
 */
export function outboxMailTransport(options: { emlDir: string | null; from: string; log: LogPort }): MailTransport {
  // Builds the message without sending it: nodemailer writes the MIME, not us.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      if (!options.emlDir) return 'stored';
      const built = await builder.sendMail({ ...nodemailerMessage(message, options.from), date: message.createdAt });
      await mkdir(options.emlDir, { recursive: true });
      // The id is a uuid: a safe file name, and one file per mail however often the job runs.
      const path = join(options.emlDir, `${message.id}.eml`);
      await writeFile(path, built.message as Buffer);
      options.log.info('mail stored', { subject: message.subject, to: message.to, path });
      return 'stored';
    },
  };
}
