import { expect } from 'chai';
import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import supertest from 'supertest';
import { routeDispatch, type RouteMount } from '../../../adapters/http/kit/route-dispatch.js';
import type { HttpMethod } from '../../../adapters/http/kit/route-table.js';

/** Routes that stress the grouping: parameters early and late, a literal beside a parameter, registration order, short paths. */
const ROUTES: Array<[HttpMethod, string]> = [
  ['get', '/health'],
  ['get', '/api/settings'],
  ['put', '/api/settings'],
  ['get', '/api/users/:id'],
  ['delete', '/api/users/:id'],
  ['get', '/api/users/me'], // after the parameter: a single router gives /api/users/me to :id
  ['get', '/api/orders/stats'],
  ['get', '/api/orders/:id'],
  ['post', '/api/orders/:id/cancel'],
  ['get', '/api/lms/courses'],
  ['post', '/api/lms/courses'],
  ['get', '/api/lms/courses/:id'],
  ['get', '/api/lms/courses/:id/modules/:moduleId'],
  ['get', '/api/lms/admin/:resource'],
  ['get', '/api/lms/admin/:resource/:id'],
  ['post', '/api/crm/webhooks/:provider'],
  ['get', '/api/:anything/ping'], // a parameter in the second segment: reaches every group under /api
  ['get', '/:page'],
  ['get', '/api/reports{/:id}'], // an optional group: not a literal segment
];

const REQUESTS: Array<[string, string]> = [
  ['GET', '/health'],
  ['GET', '/HEALTH'],
  ['GET', '/health/'],
  ['POST', '/health'],
  ['GET', '/api/settings'],
  ['PUT', '/api/settings/'],
  ['PATCH', '/api/settings'],
  ['GET', '/api/settings/x'],
  ['GET', '/api/users/42'],
  ['DELETE', '/api/users/42'],
  ['GET', '/api/users/me'],
  ['POST', '/api/users/me'],
  ['GET', '/api/orders/stats'],
  ['GET', '/api/orders/7'],
  ['POST', '/api/orders/7/cancel'],
  ['DELETE', '/api/orders/stats'],
  ['GET', '/api/lms/courses'],
  ['POST', '/api/lms/courses'],
  ['GET', '/Api/LMS/Courses/9'],
  ['GET', '/api/lms/courses/9/modules/3'],
  ['GET', '/api/lms/admin/quizzes'],
  ['GET', '/api/lms/admin/quizzes/5'],
  ['GET', '/api/lms/admin'],
  ['POST', '/api/crm/webhooks/google'],
  ['GET', '/api/crm/webhooks/google'],
  ['GET', '/api/lms/ping'],
  ['GET', '/api/crm/ping'],
  ['GET', '/api/nowhere/ping'],
  ['GET', '/about'],
  ['GET', '/'],
  ['GET', '/api'],
  ['GET', '/api/'],
  ['GET', '//api/lms'],
  ['GET', '/api/nothing/here/at/all'],
  ['OPTIONS', '/api/lms/courses'],
  ['OPTIONS', '/api/users/1'],
  ['GET', '/api/reports'],
  ['GET', '/api/reports/5'],
];

const handler =
  (method: HttpMethod, path: string): Middleware =>
  (ctx) => {
    ctx.body = { route: `${method} ${path}`, params: ctx.params };
  };

type Agent = ReturnType<typeof supertest>;
const send = (agent: Agent, method: string, path: string) => agent[method.toLowerCase() as 'get'](path);

function appWith(
  routes: (...args: Parameters<ReturnType<Router['routes']>>) => unknown,
  allowedMethods: ReturnType<Router['allowedMethods']>,
): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      ctx.status = (error as { status?: number }).status ?? 500;
      ctx.body = { error: ctx.status };
    }
  });
  app.use(routes);
  app.use(allowedMethods);
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { error: 404 };
  });
  return app;
}

describe('route dispatch by leading path segments', () => {
  it('answers every request exactly as one router holding all the routes', async () => {
    const single = new Router();
    for (const [method, path] of ROUTES) single[method](path, handler(method, path));
    const reference: Agent = supertest(appWith(single.routes(), single.allowedMethods({ throw: true })).callback());
    const mounts: RouteMount[] = ROUTES.map(([method, path]) => ({ method, path, middleware: handler(method, path) }));
    const grouped = routeDispatch(mounts);
    const dispatched: Agent = supertest(appWith(grouped.routes, grouped.allowedMethods).callback());

    const routed = new Set<string>();
    for (const [method, path] of REQUESTS) {
      const [want, got] = await Promise.all([send(reference, method, path), send(dispatched, method, path)]);
      const label = `${method} ${path}`;
      expect({ status: got.status, body: got.body, allow: got.headers.allow }, label).to.deep.equal({
        status: want.status,
        body: want.body,
        allow: want.headers.allow,
      });
      if (want.status === 200 && want.body.route) routed.add(want.body.route as string);
    }
    // The requests reach most routes, the literal-after-parameter and second-segment parameter cases included.
    expect(routed).to.include.members([
      'get /api/users/:id',
      'get /api/orders/stats',
      'get /api/:anything/ping',
      'get /:page',
      'get /api/lms/courses/:id/modules/:moduleId',
      'get /api/reports{/:id}',
    ]);
  });
});
