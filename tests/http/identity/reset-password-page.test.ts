import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { harness, TEST_PASSWORD, type Harness } from '../../support/harness.js';

/** Quoted-printable soft line breaks and `=3D`: enough to read a link out of the raw message. */
const unfold = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

describe("HTTP identity: a password reset finished locally, from the .eml file and the service's page", () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it("forgot-password writes the mail under DATA_DIR/mail (outbox status stored); its link opens the page; the page's form resets the password", async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Student);
    await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: u.email }).expect(200);
    await h.jobsIdle();
    const [mail] = (await h.mailsTo(t, u.email)).filter((m) => m.template === 'password_reset');
    expect(mail?.status).to.equal('stored');
    const admin = await h.user(t, Role.Admin);
    const outbox = await h.http.get('/api/email/outbox').query({ to: u.email }).set(admin.headers);
    expect(outbox.body.data.items[0]).to.include({ status: 'stored', template: 'password_reset' });

    const eml = unfold(await readFile(join(h.app.config.DATA_DIR, 'mail', `${mail!.id}.eml`), 'utf8'));
    expect(eml).to.match(new RegExp(`^To: ${u.email}$`, 'm'));
    const link = new URL(/(https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64})/.exec(eml)![1]!);

    const page = await h.http.get(`${link.pathname}${link.search}`);
    expect(page.status).to.equal(200);
    expect(page.type).to.equal('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).to.contain("default-src 'none'").and.contain("form-action 'self'").and.not.contain('script-src');
    expect(page.text).to.not.contain('<script');
    const action = /<form method="post" action="([^"]+)" enctype="multipart\/form-data">/.exec(page.text)![1]!;
    const hidden = Object.fromEntries(
      [...page.text.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(hidden.token).to.equal(link.searchParams.get('token'));

    const posted = await h.http.post(action).field('token', hidden.token!).field('new_password', 'reset from the page');
    expect(posted.status, posted.text).to.equal(200);
    expect(posted.type).to.equal('text/html');
    expect(posted.text).to.contain('Password changed');
    expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: u.email, password: TEST_PASSWORD })).status).to.equal(400);
    expect((await h.http.post('/api/auth/login').set(t.headers).send({ email: u.email, password: 'reset from the page' })).status).to.equal(
      200,
    );

    const again = await h.http.post(action).field('token', hidden.token!).field('new_password', 'another one again');
    expect(again.status).to.equal(400);
    expect(again.type).to.equal('text/html');
    expect(again.text).to.contain('Link invalid or expired');
  });
});
