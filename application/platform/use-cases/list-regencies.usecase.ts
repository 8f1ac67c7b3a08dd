import type { Regency } from '../../../domain/platform/region.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { RegionDirectory } from '../ports.js';

export const makeListRegencies =
  ({ regionDirectory }: { regionDirectory: RegionDirectory }) =>
  async (provinceCode: string): Promise<Result<Regency[], 'REGION_NOT_FOUND'>> => {
    const list = await regionDirectory.regencies(provinceCode);
    return list ? ok(list) : err('REGION_NOT_FOUND');
  };
