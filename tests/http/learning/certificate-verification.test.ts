import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { TenantRepository } from '../../../application/identity/ports/tenant-repository.js';
import { binary, complete, enrol, seedCourse } from './learning-fixtures.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe("HTTP learning: certificate verification page (the QR code's link)", () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  /** A certificate of a course whose title and tenant name hold markup. */
  const issue = async () => {
    const t = await h.tenant();
    const tenants = h.resolve<TenantRepository>('tenantRepository');
    const tenant = (await tenants.findById(t.id))!;
    await tenants.update({ ...tenant, name: 'Sekolah "Cerdas" & Co' });
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t, Role.Student, { displayName: 'Siti <b>Rahma</b>' });
    const c = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Physics <script>alert(1)</script>' } });
    await enrol(h, admin, student.id, c.id);
    expect((await complete(h, student, c.lessonIds[0]!)).body.data.certificate_issued).to.equal(true);
    const cert = await h.http.get(`/api/lms/courses/${c.id}/certificate`).set(student.headers);
    return { ...(cert.body.data as { code: string; verify_url: string; issued_at: string; course_id: string }), student };
  };

  it('answers a browser a self-contained page: holder, course, date issued, valid, issuer; every value escaped', async () => {
    const cert = await issue();
    // The QR code encodes this URL: its path is the route below.
    expect(new URL(cert.verify_url).pathname).to.equal(`/api/lms/certificates/verify/${cert.code}`);
    const res = await h.http.get(`/api/lms/certificates/verify/${cert.code}`).set('Accept', BROWSER);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(res.headers.vary).to.match(/Accept/);
    const html = res.text;
    expect(html).to.match(/^<!doctype html>\s*<html lang="en">/);
    expect(html).to.include('<meta name="viewport"');
    expect(html).to.include('Siti &#60;b&#62;Rahma&#60;/b&#62;');
    expect(html).to.include('Physics &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).to.not.include('<script');
    expect(html).to.not.include('<b>Rahma');
    expect(html).to.include('Sekolah &#34;Cerdas&#34; &#38; Co');
    expect(html).to.include('Valid certificate');
    expect(html).to.include(cert.code);
    const issued = new Date(cert.issued_at);
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    expect(html).to.include(`${issued.getUTCDate()} ${months[issued.getUTCMonth()]} ${issued.getUTCFullYear()}`);
    // Nothing loaded from anywhere: no links, scripts or images; the one inline style allowed by its hash.
    expect(html).to.not.match(/<(link|img|script|iframe)\b|src=|href=/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.match(/default-src 'none'/);
    expect(csp).to.match(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).to.not.match(/script-src|unsafe-inline/);
  });

  it(
    'answers JSON as before to curl (*/*), to JSON clients and without Accept; an unknown code is a 404 page to a ' +
      'browser and the JSON error otherwise',
    async () => {
      const cert = await issue();
      for (const accept of ['*/*', 'application/json', null]) {
        const req = h.http.get(`/api/lms/certificates/verify/${cert.code}`);
        const res = accept ? await req.set('Accept', accept) : await req;
        expect(res.status, String(accept)).to.equal(200);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(res.body.data).to.deep.equal({
          valid: true,
          code: cert.code,
          student_name: 'Siti <b>Rahma</b>',
          course_id: cert.course_id,
          course_title: 'Physics <script>alert(1)</script>',
          issued_at: cert.issued_at,
        });
      }

      const page = await h.http.get(`/api/lms/certificates/verify/${encodeURIComponent('AAAA-BBBB-<i>')}`).set('Accept', BROWSER);
      expect(page.status).to.equal(404);
      expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(page.text).to.include('Certificate not found');
      expect(page.text).to.include('AAAA-BBBB-&#60;i&#62;');
      expect(page.text).to.not.include('Valid certificate');
      const json = await h.http.get('/api/lms/certificates/verify/AAAA-BBBB-CCCC').set('Accept', '*/*');
      expect(json.status).to.equal(404);
      expect(json.body).to.deep.equal({ success: false, message: 'Record not found', code: 'CERTIFICATE_NOT_FOUND' });
    },
  );

  it('names the holder, the course and the issuing tenant in the certificate PDF, with its QR code', async () => {
    const cert = await issue();
    const pdf = await h.http
      .get(`/api/lms/courses/${cert.course_id}/certificate?format=pdf`)
      .set(cert.student.headers)
      .buffer(true)
      .parse(binary);
    expect(pdf.status).to.equal(200);
    // The page's text is in compressed streams; the document information (uncompressed) says the same.
    const bytes = (pdf.body as Buffer).toString('latin1');
    expect(bytes).to.include('(Certificate of Completion: Siti <b>Rahma</b>)');
    expect(bytes).to.include(`(Physics <script>alert\\(1\\)</script> \\(certificate ${cert.code}\\))`);
    expect(bytes).to.include('(Sekolah "Cerdas" & Co)');
    expect(bytes.match(/\/Subtype \/Image/g)?.length ?? 0).to.be.at.least(1);
  });

  it("names the tenant's SiteName as the issuer once set, on the page and in the PDF; the tenant name before", async () => {
    const cert = await issue();
    const admin = await h.user(cert.student.tenant, Role.Admin);
    const page = async () => (await h.http.get(`/api/lms/certificates/verify/${cert.code}`).set('Accept', BROWSER)).text;
    expect(await page()).to.include('Sekolah &#34;Cerdas&#34; &#38; Co certifies that');
    await h.http.put('/api/settings').set(admin.headers).send({ SiteName: 'Akademi Pelangi' }).expect(200);
    const html = await page();
    expect(html).to.include('Akademi Pelangi certifies that');
    expect(html).to.include('<dt>Issued by</dt><dd>Akademi Pelangi</dd>');
    expect(html).to.not.include('Cerdas');
    const pdf = await h.http
      .get(`/api/lms/courses/${cert.course_id}/certificate?format=pdf`)
      .set(cert.student.headers)
      .buffer(true)
      .parse(binary);
    const bytes = (pdf.body as Buffer).toString('latin1');
    expect(bytes).to.include('(Akademi Pelangi)');
    expect(bytes).to.not.include('Cerdas');
  });

  it('declares both answers, and the 404 page, in the OpenAPI document', async () => {
    const doc = (await h.http.get('/api/openapi.json')).body as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    };
    const op = doc.paths['/api/lms/certificates/verify/{code}']!.get;
    expect(Object.keys(op.responses['200']!.content)).to.have.members(['application/json', 'text/html']);
    expect(Object.keys(op.responses['404']!.content)).to.have.members(['application/json', 'text/html']);
  });
});
