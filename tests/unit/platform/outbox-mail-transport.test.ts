import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { outboxMailTransport } from '../../../adapters/gateways/mail/outbox-mail-transport.js';
import type { MailMessage } from '../../../application/platform/ports.js';

const LINK = 'http://localhost:3000/reset-password?token=' + 'ab'.repeat(32);
const message: MailMessage = {
  id: '7d1f3c2e-0a4b-4c5d-8e6f-1a2b3c4d5e6f',
  tenantId: 't',
  messageId: '<m1@localhost>',
  to: 'ana@example.test',
  subject: 'Reset your password',
  text: `Open ${LINK} within 30 minutes.`,
  html: null,
  template: 'password_reset',
  attachments: [{ filename: 'a.txt', contentType: 'text/plain', contentBase64: Buffer.from('hello').toString('base64') }],
  status: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: new Date('2026-11-28T03:00:00Z'),
  sentAt: null,
};

describe('adapters: the outbox mail transport', () => {
  const logged: Array<{ event: string; fields?: Record<string, unknown> }> = [];
  const log = {
    info: (event: string, fields?: Record<string, unknown>) => logged.push({ event, fields }),
    warn: () => {},
    error: () => {},
  };
  beforeEach(() => {
    logged.length = 0;
  });

  it('outside production writes the mail as DATA_DIR/mail/<id>.eml and logs subject, recipient and path, not the link; answers stored', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'mail');
    expect(await outboxMailTransport({ emlDir: dir, from: 'LMS <no-reply@localhost>', log }).deliver(message, {})).to.equal('stored');
    const path = join(dir, `${message.id}.eml`);
    const eml = (await readFile(path, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    expect(eml)
      .to.match(/^To: ana@example\.test$/m)
      .and.match(/^Subject: Reset your password$/m)
      .and.match(/^From: LMS <no-reply@localhost>$/m);
    expect(eml).to.contain(LINK).and.contain('filename=a.txt');
    expect(logged).to.deep.equal([{ event: 'mail stored', fields: { subject: message.subject, to: message.to, path } }]);
    expect(JSON.stringify(logged)).to.not.contain('token=');
  });

  it('in production (no directory) logs nothing, and still answers stored', async () => {
    expect(await outboxMailTransport({ emlDir: null, from: 'LMS <no-reply@localhost>', log }).deliver(message, {})).to.equal('stored');
    expect(logged).to.deep.equal([]);
  });
});
