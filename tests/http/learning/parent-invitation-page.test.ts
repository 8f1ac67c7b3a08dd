import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { harness, type Harness } from '../../support/harness.js';

/** Quoted-printable soft line breaks and `=3D`: enough to read a link out of the raw message. */
const unfold = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

describe("HTTP learning: a parent invitation accepted from the .eml file and the service's page", () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it("the stored mail's link opens the page; its form (empty fields, then name and password) makes the Parent account; the link works once", async () => {
    const t = await h.tenant();
    const student = await h.user(t, Role.Student, { displayName: 'Budi Santoso' });
    const parent = `parent-${t.slug}@example.test`;
    await h.http.post('/api/lms/student/parent-invitations').set(student.headers).send({ email: parent }).expect(200);
    await h.jobsIdle();
    const [mail] = await h.mailsTo(t, parent);
    expect(mail).to.include({ template: 'parent_invitation', status: 'stored' });

    const eml = unfold(await readFile(join(h.app.config.DATA_DIR, 'mail', `${mail!.id}.eml`), 'utf8'));
    const link = new URL(/(https?:\/\/\S+\/parent-invitation\?token=[0-9a-f]{64})/.exec(eml)![1]!);
    const page = await h.http.get(`${link.pathname}${link.search}`);
    expect(page.status).to.equal(200);
    expect(page.type).to.equal('text/html');
    expect(String(page.headers['content-security-policy']))
      .to.contain("default-src 'none'")
      .and.contain("form-action 'self'")
      .and.not.contain('script-src');
    const action = /<form method="post" action="([^"]+)" enctype="multipart\/form-data">/.exec(page.text)![1]!;
    const token = /<input type="hidden" name="token" value="([0-9a-f]{64})">/.exec(page.text)![1]!;
    expect(token).to.equal(link.searchParams.get('token'));

    // What a browser sends when both fields are left empty: no account yet, so the form again.
    const bare = await h.http.post(action).field('token', token).field('name', '').field('password', '');
    expect(bare.status).to.equal(400);
    expect(bare.type).to.equal('text/html');
    expect(bare.text).to.contain('enter your name and a password');

    const done = await h.http.post(action).field('token', token).field('name', 'Ibu Budi').field('password', 'a long password');
    expect(done.status, done.text).to.equal(200);
    expect(done.text).to.contain('Your parent account was created and linked').and.contain('Budi Santoso');
    const login = await h.http.post('/api/auth/login').set(t.headers).send({ email: parent, password: 'a long password' });
    expect(login.status).to.equal(200);
    const children = await h.http
      .get('/api/lms/parent/students')
      .set({ ...t.headers, Authorization: `Bearer ${login.body.data.access_token}` });
    expect(children.body.data.items.map((s: { id: string }) => s.id)).to.deep.equal([student.id]);

    const again = await h.http.post(action).field('token', token).field('name', 'Ibu Budi').field('password', 'a long password');
    expect(again.status).to.equal(400);
    expect(again.text).to.contain('Invitation invalid or expired');
  });
});
