/**
 * Whether a browser origin may call the API (CORS, and same-origin for cookie writes): an exact
 * entry, `*` for any, or `scheme://host:*` for any port of that host (a front end's dev server,
 * whose port changes from one tool to the next).
 */
export function originCheck(allowed: readonly string[]): (origin: string) => boolean {
  const any = allowed.includes('*');
  const exact = new Set(allowed.filter((o) => !o.endsWith(':*')));
  const anyPort = allowed.filter((o) => o.endsWith(':*')).map((o) => o.slice(0, -2));
  return (origin) =>
    any ||
    exact.has(origin) ||
    anyPort.some((host) => origin === host || (origin.startsWith(`${host}:`) && /^\d{1,5}$/.test(origin.slice(host.length + 1))));
}
