import { z } from 'zod';
import { loginView, registrationView, tokenPairView, verificationCodeView } from '../wire/identity.present.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/identity/password-policy.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom, edgeErrors } from '../kit/errors.js';
import { acknowledgement, email } from '../kit/schemas.js';
import * as wire from '../wire/identity.wire.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../kit/session-cookie.js';
import type { RouteModule, RouteInput } from '../kit/route-table.js';
import { linkPage, linkPageForm } from './route-helpers.js';
import { bearerOf } from '../kit/request.js';
import { sendFormPage } from '../pages/form-page.js';
import { passwordResetDonePage, resetLinkInvalidPage, resetPasswordFormPage } from '../pages/reset-password.page.js';
import type { IdentityRegistry } from '../../../application/identity/registry.js';

type Deps = Pick<
  IdentityRegistry,
  'login' | 'register' | 'sendVerificationCode' | 'refreshSession' | 'logout' | 'requestPasswordReset' | 'resetPassword'
>;

const LoginBody = z.object({
  email,
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX * 4),
});
const RegisterBody = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, underscore and dash only'),
  email,
  password: z.string().min(8).max(PASSWORD_MAX),
  display_name: z.string().trim().min(1).max(200),
  phone: z
    .string()
    .trim()
    .max(40)
    .nullable()
    .optional()
    .meta({ description: 'Normalised to E.164', examples: ['0812-3456-7890'] }),
  verification_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits')
    .optional(),
});
const RefreshBody = z.object({ refresh_token: z.string().min(1).max(4096) });
const VerificationBody = z.object({ email });
const ForgotBody = z.object({ email });
const ResetBody = z.object({ token: z.string().trim().min(1).max(200), new_password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX) });
const ResetPageQuery = z.strictObject({ token: z.string().trim().min(1).max(200) });

export const makeAuthRoutes =
  ({ login, register, sendVerificationCode, refreshSession, logout, requestPasswordReset, resetPassword }: Deps): RouteModule =>
  (r) => {
    const tags = ['auth'];
    r.post(
      '/api/auth/login',
      {
        operationId: 'login',
        summary: 'Log in with email and password',
        access: 'public',
        rateLimit: 'critical',
        body: LoginBody,
        tags,
        response: wire.Login,
        description: 'Also sets the `lms_session` cookie (httpOnly, SameSite=Lax). An unknown email answers exactly like a wrong password.',
        errors: errorsFrom(login)(['INVALID_CREDENTIALS', 'ACCOUNT_DEACTIVATED', 'PASSWORD_LOGIN_DISABLED']),
      },
      async ({ body, tenant, meta, ctx }) => {
        const { user, session } = unwrap(await login({ tenantId: tenant.id, email: body.email, password: body.password, meta }));
        setSessionCookie(ctx, session.sessionToken, session.sessionExpiresAt);
        return reply(loginView({ user, session }), 'Login successful');
      },
    );

    r.post(
      '/api/auth/register',
      {
        operationId: 'register',
        summary: 'Register a student account',
        access: 'public',
        rateLimit: 'critical',
        body: RegisterBody,
        tags,
        response: wire.Registration,
        errors: errorsFrom(register)([
          'REGISTRATION_DISABLED',
          'EMAIL_TAKEN',
          'WEAK_PASSWORD',
          'VERIFICATION_CODE_REQUIRED',
          'VERIFICATION_CODE_INVALID',
          'INVALID_PHONE',
        ]),
      },
      async ({ body, tenant, meta }) => {
        const user = unwrap(
          await register({
            tenantId: tenant.id,
            username: body.username,
            email: body.email,
            password: body.password,
            displayName: body.display_name,
            phone: body.phone,
            verificationCode: body.verification_code,
            meta,
          }),
        );
        return reply(registrationView(user), 'Registration successful');
      },
    );

    r.post(
      '/api/auth/verification-code',
      {
        operationId: 'sendVerificationCode',
        summary: 'Mail a 6-digit registration code (valid 10 minutes)',
        access: 'public',
        rateLimit: 'critical',
        body: VerificationBody,
        tags,
        response: wire.VerificationCode,
        errors: errorsFrom(sendVerificationCode)(['VERIFICATION_DISABLED', 'TOO_MANY_CODES']),
      },
      async ({ body, tenant }) => {
        return reply(verificationCodeView(unwrap(await sendVerificationCode(tenant.id, body.email))), 'Verification code sent');
      },
    );

    r.post(
      '/api/auth/forgot-password',
      {
        operationId: 'forgotPassword',
        errors: errorsFrom(requestPasswordReset)([]),
        summary: 'Mail a password reset link (valid 30 minutes, single use)',
        access: 'public',
        rateLimit: 'critical',
        body: ForgotBody,
        tags,
        response: acknowledgement,
        description: 'Always the same answer, whether or not the address has an account.',
      },
      async ({ body, tenant }) => {
        await requestPasswordReset(tenant.id, body.email);
        return reply(null, 'If the address has an account, a reset link has been mailed to it');
      },
    );

    r.post(
      '/api/auth/reset-password',
      {
        operationId: 'resetPassword',
        summary: 'Set a new password with a mailed reset token (ends every login)',
        access: 'public',
        rateLimit: 'critical',
        body: ResetBody,
        tags,
        response: acknowledgement,
        errors: errorsFrom(resetPassword)(['INVALID_RESET_TOKEN', 'WEAK_PASSWORD']),
        description: 'A used, expired or unknown token: 400 `Reset token is invalid or expired`.',
      },
      async ({ body, meta }) => {
        unwrap(await resetPassword(meta, { token: body.token, newPassword: body.new_password }));
        return reply(null, 'Password reset');
      },
    );

    // The pages a mailed link opens when the tenant has no front end: the token names the tenant.
    r.get(
      '/reset-password',
      {
        ...linkPage,
        operationId: 'getResetPasswordPage',
        summary: 'Password reset page (HTML) for PUBLIC_URL/reset-password?token= links',
        query: ResetPageQuery,
        tags,
        description:
          'A form posting `token` and `new_password` (multipart/form-data) to `POST /reset-password`. The token is checked only when posted.',
      },
      async ({ query, ctx }) => sendFormPage(ctx, 200, resetPasswordFormPage(query.token)),
    );

    r.post(
      '/reset-password',
      {
        ...linkPageForm,
        operationId: 'submitResetPasswordPage',
        summary: "The reset page's form: sets the new password, answers a result page (HTML)",
        tags,
        body: ResetBody,
        errors: edgeErrors([{ status: 400, message: 'Reset token is invalid or expired' }]),
        description: 'Same rules as `POST /api/auth/reset-password`; a used, expired or unknown token answers a 400 page.',
      },
      async ({ body, meta, ctx }) => {
        const done = await resetPassword(meta, { token: body.token, newPassword: body.new_password });
        if (done.ok) return sendFormPage(ctx, 200, passwordResetDonePage());
        return done.error === 'WEAK_PASSWORD'
          ? sendFormPage(ctx, 400, resetPasswordFormPage(body.token, `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`))
          : sendFormPage(ctx, 400, resetLinkInvalidPage());
      },
    );

    const refresh = async ({ body, meta }: RouteInput<unknown, unknown, z.infer<typeof RefreshBody>>) => {
      const pair = unwrap(await refreshSession(body.refresh_token, meta));
      return reply(tokenPairView(pair), 'Token refreshed');
    };
    const refreshSpec = {
      access: 'public',
      body: RefreshBody,
      tags,
      response: wire.TokenPair,
      errors: errorsFrom(refreshSession)(['INVALID_TOKEN']),
    } as const;
    r.post(
      '/api/auth/refresh',
      {
        ...refreshSpec,
        operationId: 'refreshToken',
        summary: 'Rotate a refresh token for a new token pair (each works once; reuse ends the login)',
      },
      refresh,
    );
    r.post('/api/auth/refresh-token', { ...refreshSpec, operationId: 'refreshTokenAlias', summary: 'Same as /api/auth/refresh' }, refresh);

    const end = async ({ ctx, meta }: RouteInput<unknown, unknown, unknown>) => {
      const bearer = bearerOf(ctx) || undefined;
      await logout({ bearer, session: bearer ? undefined : ctx.cookies.get(SESSION_COOKIE) }, meta);
      clearSessionCookie(ctx);
      return reply(null, 'Logged out');
    };
    const logoutSpec = {
      errors: errorsFrom(logout)([]),
      summary: 'End this login (bearer token or session); always 200',
      access: 'public',
      tags,
      response: acknowledgement,
    } as const;
    r.post('/api/auth/logout', { ...logoutSpec, operationId: 'logout' }, end);
    r.get('/api/auth/logout', { ...logoutSpec, operationId: 'logoutWithGet' }, end);
  };
