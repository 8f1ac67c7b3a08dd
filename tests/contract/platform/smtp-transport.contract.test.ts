import { expect } from 'chai';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { smtpMailTransport } from '../../../adapters/gateways/mail/smtp-mail-transport.js';
import type { MailMessage } from '../../../application/platform/ports.js';

describe('contract: SMTP mail transport (nodemailer against a local SMTP server)', () => {
  const received: Array<{ user: string; pass: string; data: string }> = [];
  let server: SMTPServer;
  let port: number;

  before(async () => {
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.password === 'right' || auth.password === 'from-settings') callback(null, { user: `${auth.username}:${auth.password}` });
        else callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          const [user, pass] = String(session.user).split(':');
          received.push({ user: user!, pass: pass!, data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const message: MailMessage = {
    id: 'm1',
    tenantId: 't',
    messageId: '<m1@test>',
    to: 'student@example.test',
    subject: 'Hello',
    text: 'Plain body',
    html: '<p>Plain body</p>',
    template: null,
    attachments: [
      { filename: 'receipt.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('%PDF-1.4 fake').toString('base64') },
    ],
    status: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: new Date(),
    sentAt: null,
  };

  it('sends through SMTP_URL with its credentials, sender, message id and attachments', async () => {
    const transport = smtpMailTransport(`smtp://mailer:right@127.0.0.1:${port}`, 'School <no-reply@school.test>');
    await transport.deliver(message, {});
    const last = received.at(-1)!;
    expect(last.pass).to.equal('right');
    expect(last.data)
      .to.include('Subject: Hello')
      .and.include('Message-ID: <m1@test>')
      .and.include('From: School <no-reply@school.test>')
      .and.include('receipt.pdf');
  });

  it('uses the SMTPPassword and MailFrom settings over the URL', async () => {
    const transport = smtpMailTransport(`smtp://mailer:wrong@127.0.0.1:${port}`, 'x@x.test');
    await transport.deliver(message, { SMTPPassword: 'from-settings', MailFrom: 'Tenant <t@tenant.test>' });
    const last = received.at(-1)!;
    expect(last.pass).to.equal('from-settings');
    expect(last.data).to.include('From: Tenant <t@tenant.test>');
  });

  it('fails (so the job retries) when the server refuses the credentials', async () => {
    const transport = smtpMailTransport(`smtp://mailer:wrong@127.0.0.1:${port}`, 'x@x.test');
    let failed = false;
    await transport.deliver(message, {}).catch(() => (failed = true));
    expect(failed).to.equal(true);
  });
});
