import type { Context } from 'koa';

export const SESSION_COOKIE = 'lms_session';

/** The session fallback (contract §3): httpOnly, SameSite=Lax, Secure when served over TLS. */
export function setSessionCookie(ctx: Context, token: string, expires: Date): void {
  ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, expires, path: '/', overwrite: true });
}

/** The same cookie, empty and expired, so the browser drops it. */
export function clearSessionCookie(ctx: Context): void {
  setSessionCookie(ctx, '', new Date(0));
}
