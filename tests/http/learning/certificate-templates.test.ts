import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { binary, complete, createCourse, enrol, seedCourse, TINY_PNG } from './learning-fixtures.js';

describe('HTTP learning: certificate templates', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('answers the default template, upserts any subset, and deletes back to the default', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const courseId = await createCourse(h, admin);
    const path = `/api/lms/admin/courses/${courseId}/certificate-template`;
    const def = await h.http.get(path).set(admin.headers);
    expect(def.status).to.equal(200);
    expect(def.body.data).to.include({ is_default: true, orientation: 'landscape', background_image_url: null });
    expect(def.body.data.body).to.include('{{student_name}}');

    const saved = await h.http
      .put(path)
      .set(admin.headers)
      .send({ title: 'Award', body: 'Well done {{student_name}} for {{course_title}} ({{code}}, {{issued_at}})', orientation: 'portrait' });
    expect(saved.status).to.equal(200);
    expect(saved.body.data).to.include({ title: 'Award', orientation: 'portrait', is_default: false });
    const partial = await h.http.put(path).set(admin.headers).send({ title: 'Award of Merit' });
    expect(partial.body.data).to.include({ title: 'Award of Merit', orientation: 'portrait' });
    expect(partial.body.data.body).to.match(/^Well done/);
    expect((await h.http.put(path).set(admin.headers).send({ orientation: 'diagonal' })).status).to.equal(400);
    expect((await h.http.put(path).set(admin.headers).send({ background_image_url: 'javascript:alert(1)' })).status).to.equal(400);

    const student = await h.user(t);
    expect((await h.http.get(path).set(student.headers)).status).to.equal(403);
    const otherAdmin = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.get(path).set(otherAdmin.headers)).status).to.equal(404);

    expect((await h.http.delete(path).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(path).set(admin.headers)).body.data.is_default).to.equal(true);
    expect((await h.http.delete(path).set(admin.headers)).status).to.equal(404);
  });

  it('takes a PNG or JPEG background up to 5 MB, refuses other files (400) and larger ones (413), and renders it', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const upload = `/api/lms/admin/courses/${c.id}/certificate-template/upload`;
    const ok = await h.http.post(upload).set(admin.headers).attach('file', TINY_PNG, { filename: 'bg.png', contentType: 'image/png' });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body.data.background_image_url).to.match(/^\/api\/files\/download\/[0-9a-f-]{36}\.png$/);
    const image = await h.http.get(ok.body.data.background_image_url).set(t.headers).buffer(true).parse(binary);
    expect(image.status).to.equal(200);
    expect(image.headers['content-type']).to.equal('image/png');
    expect(Buffer.compare(image.body as Buffer, TINY_PNG)).to.equal(0);

    // A text file claiming to be a PNG is refused by its bytes, and the template keeps its background.
    const fake = await h.http
      .post(upload)
      .set(admin.headers)
      .attach('file', Buffer.from('<svg onload="alert(1)"/>'), { filename: 'x.png', contentType: 'image/png' });
    expect(fake.status).to.equal(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1024, 0);
    TINY_PNG.copy(big);
    const tooBig = await h.http.post(upload).set(admin.headers).attach('file', big, { filename: 'big.png', contentType: 'image/png' });
    expect(tooBig.status).to.equal(413);
    expect(tooBig.body.message).to.equal('File too large');
    const current = await h.http.get(`/api/lms/admin/courses/${c.id}/certificate-template`).set(admin.headers);
    expect(current.body.data.background_image_url).to.equal(ok.body.data.background_image_url);

    const student = await h.user(t);
    expect((await h.http.post(upload).set(student.headers).attach('file', TINY_PNG, 'bg.png')).status).to.equal(403);

    await enrol(h, admin, student.id, c.id);
    await complete(h, student, c.lessonIds[0]!);
    const pdf = await h.http.get(`/api/lms/courses/${c.id}/certificate?format=pdf`).set(student.headers).buffer(true).parse(binary);
    expect(pdf.status).to.equal(200);
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 4).toString('latin1')).to.equal('%PDF');
    // The background and the QR code are embedded images of the page.
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0).to.be.at.least(2);
  });
});
