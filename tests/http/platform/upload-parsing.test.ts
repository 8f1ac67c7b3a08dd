import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

/**
 * Issue 26: a multipart body is parsed in time linear in its size whatever it holds. A body of
 * carriage returns (each the first byte of a delimiter) took formidable about 20 µs a byte.
 */
describe('HTTP uploads: multipart parsing time', function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const CARRIAGE_RETURNS = Buffer.alloc(3 * 1024 * 1024, '\r');
  const timed = async <T>(run: () => PromiseLike<T>): Promise<{ res: T; ms: number }> => {
    const started = performance.now();
    const res = await run();
    return { res, ms: performance.now() - started };
  };

  it('stores a 3 MB file of carriage returns within 3 s, byte for byte', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const { res, ms } = await timed(() =>
      h.http.post('/api/file').set(admin.headers).attach('file', CARRIAGE_RETURNS, { filename: 'cr.txt', contentType: 'text/plain' }),
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(ms).to.be.below(3000);
    expect(res.body.data.size).to.equal(CARRIAGE_RETURNS.length);
    const download = await h.http
      .get(res.body.data.url)
      .set(t.headers)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(Buffer.compare(download.body as Buffer, CARRIAGE_RETURNS)).to.equal(0);
  });

  it('answers 400 within 3 s to 3 MB of carriage returns sent as a multipart body without its envelope', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const { res, ms } = await timed(() =>
      h.http.post('/api/file').set(admin.headers).set('Content-Type', 'multipart/form-data; boundary=xyz').send(CARRIAGE_RETURNS),
    );
    expect(res.status).to.equal(400);
    expect(ms).to.be.below(3000);
    expect((await h.http.get('/api/file').set(admin.headers)).body.data.total).to.equal(0);
  });

  it('keeps fields, the file part of a many-part body, and refuses a second file', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const boundary = 'b0undary';
    const body = Buffer.from(
      [
        'preamble to ignore',
        `--${boundary}`,
        'Content-Disposition: form-data; name="note"',
        '',
        'first\r\r\nline',
        // Near-delimiters in the content: the boundary after other text, and a CRLF before a cut boundary.
        // (Right after the part's headers the content may not start with `--boundary`: RFC 2046 forbids
        // the delimiter, CRLF--boundary, inside a part, and the headers end in CRLF.)
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="r\\"q.txt"',
        'Content-Type: text/plain',
        '',
        `x--${boundary}x\r\r\n--${boundary.slice(0, 4)}`,
        `--${boundary}--`,
        'epilogue',
      ].join('\r\n'),
    );
    const res = await h.http
      .post('/api/file')
      .set(admin.headers)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ name: 'r"q.txt', size: Buffer.byteLength(`x--${boundary}x\r\r\n--${boundary.slice(0, 4)}`) });
    const twoFiles = await h.http
      .post('/api/file')
      .set(admin.headers)
      .attach('file', Buffer.from('a'), 'a.txt')
      .attach('other', Buffer.from('b'), 'b.txt');
    expect(twoFiles.status).to.equal(400);
  });
});
