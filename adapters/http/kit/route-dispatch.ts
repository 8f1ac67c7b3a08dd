import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { HttpMethod } from './route-table.js';

type RouterMiddleware = ReturnType<Router['routes']>;

/** How many leading path segments pick a router. */
const DEPTH = 3;

/** A route path's leading literal segments (up to DEPTH, stopping at a parameter): every path it matches starts with them. */
function routeKey(path: string): string {
  const literal: string[] = [];
  for (const segment of path
    .toLowerCase()
    .split('/')
    .slice(1, DEPTH + 1)) {
    if (/[:*?+(){}\\]/.test(segment)) break; // a parameter, wildcard, optional group or escape: not literal
    literal.push(segment);
  }
  return `/${literal.join('/')}`;
}

/** The keys a request path could be routed by, deepest first. */
function requestKeys(path: string): string[] {
  const lower = path.toLowerCase();
  const ends: number[] = [];
  for (let at = lower.indexOf('/', 1); at !== -1 && ends.length < DEPTH; at = lower.indexOf('/', at + 1)) ends.push(at);
  if (ends.length < DEPTH) ends.push(lower.length);
  const keys: string[] = [];
  for (let n = ends.length - 1; n >= 0; n--) keys.push(lower.slice(0, ends[n]));
  keys.push('/');
  return keys;
}

export interface RouteMount {
  method: HttpMethod;
  path: string;
  middleware: Middleware;
}

/**
 * @koa/router tests a request against every route's pattern in turn: with the API's ~200
 * routes in one router that was ~9 µs per request, against ~2 µs for a router of the
 * routes of one area. So each key of leading literal segments (`/api/lms/courses`) gets its own
 * router, holding the routes of that key and of every shorter key it extends (`/api/lms`,
 * `/api`, `/`), in their original order; a request goes to the router of its deepest key that
 * has one. Any route that can match a path has a key that is a prefix of it, so each request
 * meets exactly the routes, and in the order, that one router would have tried (matching stays
 * @koa/router's: case-insensitive, trailing slash optional). Unmatched requests go to `next`
 * (`allowedMethods` then the 404), as with one router.
 */
export function routeDispatch(mounts: RouteMount[]) {
  const keys = new Set(mounts.map((m) => routeKey(m.path)));
  keys.add('/');
  const routers = new Map<string, RouterMiddleware>();
  for (const key of keys) {
    const router = new Router();
    for (const mount of mounts) {
      const own = routeKey(mount.path);
      if (key === own || own === '/' || key.startsWith(`${own}/`)) router[mount.method](mount.path, mount.middleware);
    }
    routers.set(key, router.routes());
  }
  const routes = (ctx: Parameters<RouterMiddleware>[0], next: Parameters<RouterMiddleware>[1]) => {
    for (const key of requestKeys(ctx.path)) {
      const router = routers.get(key);
      if (router) return router(ctx, next);
    }
    return next();
  };
  // allowedMethods reads only the request's matched routes, so any router's serves them all.
  return { routes, allowedMethods: new Router().allowedMethods({ throw: true }) };
}
