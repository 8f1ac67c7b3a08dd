import { getDistricts, getProvinces, getRegencies } from 'idn-area-data';
import type { RegionDirectory } from '../../../application/platform/ports.js';
import type { District, Province, Regency } from '../../../domain/platform/region.js';

interface Areas {
  provinces: Province[];
  regencies: Map<string, Regency[]>;
  districts: Map<string, District[]>;
}

const byName = <T extends { name: string; code: string }>(a: T, b: T) => a.code.localeCompare(b.code);

/**
 * The idn-area-data package's CSV files (contract §9), parsed once on first use and kept in
 * memory grouped by parent code: every later request is a map lookup. Villages and islands are
 * not loaded.
 */
export function makeIdnAreaRegions(): RegionDirectory {
  let loading: Promise<Areas> | null = null;
  const load = (): Promise<Areas> => {
    loading ??= (async () => {
      const [provinces, regencies, districts] = await Promise.all([getProvinces(), getRegencies(), getDistricts()]);
      const group = <T>(rows: T[], key: (r: T) => string) => {
        const out = new Map<string, T[]>();
        for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
        return out;
      };
      // papaparse may leave an empty last row: keep only rows with a code.
      const listed = <R extends { code: string }, T extends { code: string; name: string }>(rows: R[], area: (r: R) => T) =>
        rows
          .filter((r) => r.code)
          .map(area)
          .sort(byName);
      return {
        provinces: listed(provinces, (p) => ({ code: p.code, name: p.name })),
        regencies: group(
          listed(regencies, (r) => ({ code: r.code, provinceCode: r.province_code, name: r.name })),
          (r) => r.provinceCode,
        ),
        districts: group(
          listed(districts, (d) => ({ code: d.code, regencyCode: d.regency_code, name: d.name })),
          (d) => d.regencyCode,
        ),
      };
    })().catch((error: unknown) => {
      loading = null; // a failed load is retried by the next request
      throw error;
    });
    return loading;
  };
  return {
    async provinces() {
      return (await load()).provinces;
    },
    async regencies(provinceCode) {
      const areas = await load();
      if (!areas.provinces.some((p) => p.code === provinceCode)) return null;
      return areas.regencies.get(provinceCode) ?? [];
    },
    async districts(regencyCode) {
      const areas = await load();
      const provinceCode = regencyCode.split('.')[0] ?? '';
      if (!(areas.regencies.get(provinceCode) ?? []).some((r) => r.code === regencyCode)) return null;
      return areas.districts.get(regencyCode) ?? [];
    },
  };
}
