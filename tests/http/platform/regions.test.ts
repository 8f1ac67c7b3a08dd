import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import type { RegionDirectory } from '../../../application/platform/ports.js';

describe('HTTP platform: regions', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it("lists the 38 provinces publicly, with Kemendagri 2025's 514 regencies and 7,285 districts in their official case", async () => {
    const res = await h.http.get('/api/regions/provinces');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.have.length(38);
    expect(res.body.data[0]).to.deep.equal({ code: '11', name: 'Aceh' });
    expect(res.body.data.map((p: { code: string }) => p.code)).to.include('96');
    const regencies = await Promise.all(
      (res.body.data as { code: string }[]).map(
        async (p) => (await h.http.get(`/api/regions/regencies/${p.code}`)).body.data as { code: string }[],
      ),
    );
    expect(regencies.flat()).to.have.length(514);
    // The districts through the directory itself: 514 requests would say nothing more about HTTP.
    const directory = h.resolve<RegionDirectory>('regionDirectory');
    const districts = await Promise.all(regencies.flat().map(async (r) => (await directory.districts(r.code))?.length ?? 0));
    expect(districts.reduce((a, b) => a + b, 0)).to.equal(7285);
  });

  it('lists the regencies of a province and the districts of a regency; unknown codes are 404', async () => {
    const regencies = await h.http.get('/api/regions/regencies/32');
    expect(regencies.status).to.equal(200);
    expect(regencies.body.data.length).to.be.greaterThan(20);
    expect(
      regencies.body.data.every((r: { province_code: string; code: string }) => r.province_code === '32' && r.code.startsWith('32.')),
    ).to.equal(true);
    expect(regencies.body.data.find((r: { code: string }) => r.code === '32.73')).to.deep.equal({
      code: '32.73',
      province_code: '32',
      name: 'Kota Bandung',
    });

    const districts = await h.http.get('/api/regions/districts/32.73');
    expect(districts.status).to.equal(200);
    expect(districts.body.data.length).to.be.greaterThan(20);
    expect(districts.body.data.every((d: { regency_code: string }) => d.regency_code === '32.73')).to.equal(true);
    expect(Object.keys(districts.body.data[0])).to.have.members(['code', 'regency_code', 'name']);

    for (const path of [
      '/api/regions/regencies/99',
      '/api/regions/regencies/abc',
      '/api/regions/districts/32.99',
      '/api/regions/districts/32',
    ]) {
      const res = await h.http.get(path);
      expect(res.status, path).to.equal(404);
      expect(res.body.message).to.equal('Record not found');
    }
  });
});
