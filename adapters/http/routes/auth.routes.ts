import { z } from 'zod';
import type { makeLogin } from '../../../application/identity/use-cases/login.usecase.js';
import type { makeRegister } from '../../../application/identity/use-cases/register.usecase.js';
import type { makeSendVerificationCode } from '../../../application/identity/use-cases/send-verification-code.usecase.js';
import type { makeRefreshSession } from '../../../application/identity/use-cases/refresh-session.usecase.js';
import type { makeLogout } from '../../../application/identity/use-cases/logout.usecase.js';
import { loginUserView } from '../../../application/identity/presenters.js';
import { PASSWORD_MAX } from '../../../domain/identity/password-policy.js';
import { reply } from '../kit/envelope.js';
import { unwrap } from '../kit/errors.js';
import { email } from '../kit/schemas.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../kit/session-cookie.js';
import type { RouteModule, RouteInput } from '../kit/route-table.js';
import { bearerOf } from '../kit/request.js';

type Deps = {
  login: ReturnType<typeof makeLogin>;
  register: ReturnType<typeof makeRegister>;
  sendVerificationCode: ReturnType<typeof makeSendVerificationCode>;
  refreshSession: ReturnType<typeof makeRefreshSession>;
  logout: ReturnType<typeof makeLogout>;
};

const LoginBody = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX * 4) });
const RegisterBody = z.object({
  username: z.string().trim().min(3).max(50).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, underscore and dash only'),
  email,
  password: z.string().min(8).max(PASSWORD_MAX),
  display_name: z.string().trim().min(1).max(200),
  verification_code: z.string().trim().regex(/^\d{6}$/, 'six digits').optional(),
});
const RefreshBody = z.object({ refresh_token: z.string().min(1).max(4096) });
const VerificationBody = z.object({ email });

export const makeAuthRoutes = ({ login, register, sendVerificationCode, refreshSession, logout }: Deps): RouteModule => (r) => {
  r.post('/api/auth/login', { summary: 'Log in with email and password', access: 'public', rateLimit: 'critical', body: LoginBody, tags: ['auth'] }, async ({ body, tenant, meta, ctx }) => {
    const { user, session } = unwrap(await login({ tenantId: tenant.id, email: body.email, password: body.password, meta }));
    setSessionCookie(ctx, session.sessionToken, session.sessionExpiresAt);
    return reply({ user: loginUserView(user), access_token: session.accessToken, refresh_token: session.refreshToken }, 'Login successful');
  });

  r.post('/api/auth/register', { summary: 'Register a student account', access: 'public', rateLimit: 'critical', body: RegisterBody, tags: ['auth'] }, async ({ body, tenant, meta }) => {
    const user = unwrap(await register({
      tenantId: tenant.id, username: body.username, email: body.email, password: body.password,
      displayName: body.display_name, verificationCode: body.verification_code, meta,
    }));
    return reply({ username: user.username, display_name: user.displayName, email: user.email }, 'Registration successful');
  });

  r.post('/api/auth/verification-code', { summary: 'Mail a 6-digit registration code (valid 10 minutes)', access: 'public', rateLimit: 'critical', body: VerificationBody, tags: ['auth'] }, async ({ body, tenant }) => {
    return reply(unwrap(await sendVerificationCode(tenant.id, body.email)), 'Verification code sent');
  });

  const refresh = async ({ body, meta }: RouteInput<unknown, unknown, z.infer<typeof RefreshBody>>) => {
    const pair = unwrap(await refreshSession(body.refresh_token, meta));
    return reply({ access_token: pair.accessToken, refresh_token: pair.refreshToken }, 'Token refreshed');
  };
  r.post('/api/auth/refresh', { summary: 'Rotate a refresh token for a new token pair', access: 'public', body: RefreshBody, tags: ['auth'] }, refresh);
  r.post('/api/auth/refresh-token', { summary: 'Same as /api/auth/refresh', access: 'public', body: RefreshBody, tags: ['auth'] }, refresh);

  const end = async ({ ctx, meta }: RouteInput<unknown, unknown, unknown>) => {
    const bearer = bearerOf(ctx) || undefined;
    await logout({ bearer, session: bearer ? undefined : ctx.cookies.get(SESSION_COOKIE) }, meta);
    clearSessionCookie(ctx);
    return reply(null, 'Logged out');
  };
  r.post('/api/auth/logout', { summary: 'End this login (bearer token or session)', access: 'public', tags: ['auth'] }, end);
  r.get('/api/auth/logout', { summary: 'End this login (bearer token or session)', access: 'public', tags: ['auth'] }, end);
};
