import { z } from 'zod';
import { unwrap, errorsFrom } from '../kit/errors.js';
import type { RouteModule } from '../kit/route-table.js';
import * as wire from '../wire/platform.wire.js';
import { districtView, provinceView, regencyView } from '../wire/platform.present.js';
import type { PlatformRegistry } from '../../../application/platform/registry.js';

type Deps = Pick<PlatformRegistry, 'listProvinces' | 'listRegencies' | 'listDistricts'>;

/** Contract §5 and §9: public; small fixed lists (plain arrays); an unknown code is 404. */
export const makeRegionRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['regions'];
    r.get(
      '/api/regions/provinces',
      {
        operationId: 'listProvinces',
        response: z.array(wire.Province),
        errors: errorsFrom(d.listProvinces)([]),
        summary: 'Provinces of Indonesia',
        access: 'public',
        tags,
      },
      async () => (await d.listProvinces()).map(provinceView),
    );
    r.get(
      '/api/regions/regencies/:provinceID',
      {
        operationId: 'listRegencies',
        response: z.array(wire.Regency),
        errors: errorsFrom(d.listRegencies)(['REGION_NOT_FOUND']),
        summary: 'Regencies and cities of a province',
        access: 'public',
        params: z.object({ provinceID: z.string().max(20) }),
        tags,
      },
      async ({ params }) => unwrap(await d.listRegencies(params.provinceID)).map(regencyView),
    );
    r.get(
      '/api/regions/districts/:regencyID',
      {
        operationId: 'listDistricts',
        response: z.array(wire.District),
        errors: errorsFrom(d.listDistricts)(['REGION_NOT_FOUND']),
        summary: 'Districts of a regency',
        access: 'public',
        params: z.object({ regencyID: z.string().max(20) }),
        tags,
      },
      async ({ params }) => unwrap(await d.listDistricts(params.regencyID)).map(districtView),
    );
  };
