import type { RegionDirectory } from '../ports.js';

export const makeListProvinces =
  ({ regionDirectory }: { regionDirectory: RegionDirectory }) =>
  () =>
    regionDirectory.provinces();
