import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { harness, extraApplication, type Harness, type TestTenant, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { SettingsReader, SettingsRepository } from '../../../application/platform/ports.js';

/**
 * Issue 26: `PasswordResetUrl` and `ParentInvitationUrl` are where a mailed token goes. Only https
 * pages (http on localhost outside production) are taken, on write and again when a mail is built;
 * an Admin's or Super Admin's reset link always points at PUBLIC_URL.
 */
describe('HTTP settings: the pages tokens are mailed to', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const KEYS = ['PasswordResetUrl', 'ParentInvitationUrl'] as const;
  const BAD = [
    'javascript:alert(document.cookie)//',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example.test/reset',
    '//evil.example.test/reset',
    'http://evil.example.test/reset',
    'https://evil example.test/reset',
    'reset-password',
  ];
  const linkOf = (text: string | null) => /(\S+)[?&]token=[0-9a-f]{64}/.exec(text ?? '')?.[1];
  const resetLink = async (t: TestTenant, u: TestUser) => {
    await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: u.email }).expect(200);
    return linkOf((await h.mailsTo(t, u.email)).find((m) => m.template === 'password_reset')!.text);
  };
  /** A value stored before the rule existed, or by another way in. */
  const storeDirectly = async (t: TestTenant, values: Record<string, string>) => {
    await h.resolve<SettingsRepository>('settingsRepository').save(t.id, values, h.clock.now());
    await h.resolve<SettingsReader>('settingsReader').invalidate(t.id);
  };

  it('refuses any page but https (or http on localhost) with 400, and keeps the stored value', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    for (const key of KEYS) {
      await h.http
        .put('/api/settings')
        .set(admin.headers)
        .send({ [key]: 'https://school.example.test/page' })
        .expect(200);
      for (const value of BAD) {
        const res = await h.http
          .put('/api/settings')
          .set(admin.headers)
          .send({ [key]: value });
        expect(res.status, `${key}=${value}`).to.equal(400);
        expect(res.body.error).to.match(new RegExp(`^${key}: must be an https URL`));
      }
      const stored = await h.http.get('/api/settings/admin').set(admin.headers).expect(200);
      expect(stored.body.data[key]).to.equal('https://school.example.test/page');
      for (const value of ['https://school.example.test/other?from=mail', 'http://localhost:5173/page', '']) {
        const res = await h.http
          .put('/api/settings')
          .set(admin.headers)
          .send({ [key]: value });
        expect(res.status, `${key}=${value}`).to.equal(200);
        expect(res.body.data[key]).to.equal(value);
      }
    }
  });

  it('in production refuses http on localhost too', async () => {
    const app = await extraApplication({ NODE_ENV: 'production', PAYGATE_PROVIDER: 'sandbox' });
    try {
      const http = supertest(app.callback);
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      for (const key of KEYS) {
        expect(
          (
            await http
              .put('/api/settings')
              .set(admin.headers)
              .send({ [key]: 'http://localhost:5173/page' })
          ).status,
        ).to.equal(400);
        expect(
          (
            await http
              .put('/api/settings')
              .set(admin.headers)
              .send({ [key]: 'https://school.example.test/page' })
          ).status,
        ).to.equal(200);
      }
    } finally {
      await app.close();
    }
  });

  it("mails an Admin's and a Super Admin's reset link to PUBLIC_URL, a student's to the tenant's page", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    await h.http.put('/api/settings').set(admin.headers).send({ PasswordResetUrl: 'https://school.example.test/reset' }).expect(200);
    const student = await h.user(t, Role.Student);
    const otherAdmin = await h.user(t, Role.Admin);
    const root = await h.user(t, Role.SuperAdmin);
    expect(await resetLink(t, student)).to.equal('https://school.example.test/reset');
    expect(await resetLink(t, otherAdmin)).to.equal(`${h.app.config.publicUrl}/reset-password`);
    expect(await resetLink(t, root)).to.equal(`${h.app.config.publicUrl}/reset-password`);
  });

  it('never mails a link to a bad page already stored: PUBLIC_URL instead', async () => {
    for (const value of BAD) {
      const t = await h.tenant();
      await storeDirectly(t, { PasswordResetUrl: value, ParentInvitationUrl: value });
      const student = await h.user(t, Role.Student);
      expect(await resetLink(t, student), value).to.equal(`${h.app.config.publicUrl}/reset-password`);
      const parent = `parent-${randomUUID().slice(0, 8)}@example.test`;
      await h.http.post('/api/lms/student/parent-invitations').set(student.headers).send({ email: parent }).expect(200);
      const [mail] = await h.mailsTo(t, parent);
      expect(linkOf(mail!.text), value).to.equal(`${h.app.config.publicUrl}/parent-invitation`);
    }
  });
});
