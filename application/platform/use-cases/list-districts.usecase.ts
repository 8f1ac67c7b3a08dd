import type { District } from '../../../domain/platform/region.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { RegionDirectory } from '../ports.js';

export const makeListDistricts =
  ({ regionDirectory }: { regionDirectory: RegionDirectory }) =>
  async (regencyCode: string): Promise<Result<District[], 'REGION_NOT_FOUND'>> => {
    const list = await regionDirectory.districts(regencyCode);
    return list ? ok(list) : err('REGION_NOT_FOUND');
  };
