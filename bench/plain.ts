/**
 * The bench's plain baseline (issue 32 item 1): the measured endpoints written by hand as a careful
 * engineer would without our architecture, to set the target for ours. Plain Koa and @koa/router,
 * SQL through one `query` function (pg's Pool, or PGlite's `query` on the embedded engine),
 * jsonwebtoken, rate-limiter-flexible on the same store as ours, helmet with our options, the
 * request id, and for the webhook one enqueue. Each endpoint runs the fewest statements that answer
 * what ours answers, byte for byte (tests/http/platform/plain-baseline.test.ts checks it), and
 * checks what ours checks: the token's login not revoked and its user active, the caller's tenant,
 * the course's visibility, the attempt's owner, state and deadline, the answer against the question.
 *
 * It serves only these requests: the anonymous catalogue (`page`, `page_size`; no filters, no
 * cursor), the course page with a bearer token, one answer saved, the Google lead webhook.
 */
import { createHmac, createSecretKey, hkdfSync, randomUUID, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import helmet from 'helmet';
import jwt from 'jsonwebtoken';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Application } from '../composition/container.js';
import { databaseUrlOf, embeddedEngine } from '../infrastructure/db/knex.js';
import { persistentSecret } from '../infrastructure/secrets.js';
// The answer rule itself (which options a question takes), not a layer: the plain save checks the same.
import { checkAnswer, MAX_ESSAY } from '../domain/assessment/grading.js';
import { MAX_OPTIONS, type Question } from '../domain/assessment/question.js';

/** The bench endpoints (bench/endpoints.ts) it serves; login is argon2's time on both sides, not written here. */
export const PLAIN_ENDPOINTS = new Set(['courses', 'course', 'answer', 'google']);

export type PlainQuery = (sql: string, params: unknown[], name?: string) => Promise<Array<Record<string, unknown>>>;

export interface PlainOptions {
  query: PlainQuery;
  /** Our JWT secret: tokens issued by ours are verified here. */
  jwtSecret: string;
  /** Our ENCRYPTION_KEY: the Google key's look-up HMAC is derived from it as ours derives it. */
  encryptionKey: string;
  /** The same store as ours: Redis when set, else memory. */
  redis: Redis | null;
  /** Requests per IP and minute (RATE_LIMIT_GLOBAL) and failed webhook proofs per IP and minute. */
  globalLimit: number;
  webhookFailureLimit: number;
  /** Keys of the Redis limiters (a prefix of their own: the two servers do not share a budget). */
  prefix: string;
  publicUrl: string;
  /** Hands a stored delivery to the lead-ingest queue (BullMQ `Queue.add`, or a no-op in process). */
  enqueue(tenantId: string, deliveryId: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const ISSUER = 'lms-crm-service';
const MENTOR = 30;
const SUPER_ADMIN = 100;
const COUNT_CAP = 10_000;
const MAX_BODY = 1024 * 1024;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Refusal(413, 'Payload too large', 'PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new Refusal(400, 'Invalid parameters', 'VALIDATION_FAILED');
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createPlainApp(o: PlainOptions): Koa {
  const jwtKey: KeyObject = createSecretKey(Buffer.from(o.jwtSecret, 'utf8'));
  const hashKey = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(o.encryptionKey, 'utf8'),
      Buffer.from('lms-crm-secret-box', 'utf8'),
      'integration-secrets:lookup-hmac:v1',
      32,
    ),
  );
  const limiter = (name: string, points: number): RateLimiterAbstract =>
    o.redis
      ? new RateLimiterRedis({
          storeClient: o.redis,
          keyPrefix: `${o.prefix}:rl:${name}:${points}`,
          points,
          duration: 60,
          useRedisPackage: false,
        })
      : new RateLimiterMemory({ keyPrefix: `${o.prefix}-${name}`, points, duration: 60 });
  const global = limiter('global', o.globalLimit);
  const webhookFailures = limiter('webhook-failures', o.webhookFailureLimit);
  const tooMany = (res: RateLimiterRes, points: number) =>
    new Refusal(429, 'Rate limit exceeded', 'RATE_LIMITED', {
      'Retry-After': String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
      'X-RateLimit-Limit': String(points),
      'X-RateLimit-Remaining': '0',
    });

  const limit = async (ctx: Context) => {
    try {
      const res = await global.consume(ctx.ip || 'unknown');
      ctx.set('X-RateLimit-Limit', String(o.globalLimit));
      ctx.set('X-RateLimit-Remaining', String(res.remainingPoints));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(rejection, o.globalLimit);
      // The store failed: let the request through, as ours does by default (RATE_LIMIT_STORE_FAILURE=open).
    }
  };

  // Tenants by X-Tenant-ID (slug or id, else `default`), kept a minute in this map: ours caches them too.
  const tenants = new Map<string, { id: string | null; until: number }>();
  const tenantOf = async (ctx: Context): Promise<string> => {
    const key = (ctx.get('X-Tenant-ID').trim() || 'default').toLowerCase();
    let hit = tenants.get(key);
    if (!hit || hit.until < Date.now()) {
      const rows = await o.query(
        UUID.test(key)
          ? "select id from tenants where id = $1 and status = 'active'"
          : "select id from tenants where slug = $1 and status = 'active'",
        [key],
      );
      hit = { id: (rows[0]?.id as string | undefined) ?? null, until: Date.now() + 60_000 };
      if (tenants.size > 10_000) tenants.clear();
      tenants.set(key, hit);
    }
    if (!hit.id) throw new Refusal(404, 'Tenant not found', 'UNKNOWN_TENANT');
    return hit.id;
  };

  /** The bearer token's claims; the login itself is checked in the endpoint's statement. */
  const claimsOf = (ctx: Context): { userId: string; loginId: string } => {
    const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (!m) throw new Refusal(401, 'Unauthorized', 'UNAUTHORIZED');
    try {
      const c = jwt.verify(m[1]!, jwtKey, { algorithms: ['HS256'], issuer: ISSUER }) as Record<string, unknown>;
      if (c.typ !== 'access' || typeof c.id !== 'string' || typeof c.sid !== 'string' || !UUID.test(c.id) || !UUID.test(c.sid))
        throw new Refusal(401, 'Invalid token', 'INVALID_TOKEN');
      return { userId: c.id, loginId: c.sid };
    } catch (error) {
      if (error instanceof Refusal) throw error;
      if (error instanceof jwt.TokenExpiredError) throw new Refusal(401, 'Unauthorized', 'TOKEN_EXPIRED');
      throw new Refusal(401, 'Invalid token', 'INVALID_TOKEN');
    }
  };
  /** The login row as the statement found it (null columns: no live login); its tenant must be the request's. */
  const checkPrincipal = (row: Record<string, unknown> | undefined, tenantId: string): number => {
    if (!row || row.role === null || row.role === undefined) throw new Refusal(401, 'Invalid token', 'INVALID_TOKEN');
    const role = Number(row.role);
    if (row.home_tenant_id !== tenantId && role !== SUPER_ADMIN) throw new Refusal(403, 'Insufficient permission', 'TENANT_MISMATCH');
    return role;
  };
  const notFound = () => new Refusal(404, 'Record not found', 'COURSE_NOT_FOUND');
  const uuidParam = (v: string | undefined, code: string) => {
    if (!v || !UUID.test(v)) throw new Refusal(400, 'Invalid parameters', code);
    return v.toLowerCase();
  };

  const app = new Koa();
  const headers = helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } });
  app.use(async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    ctx.set('X-Request-Id', SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID());
    headers(ctx.req, ctx.res, () => {});
    try {
      await next();
    } catch (error) {
      if (error instanceof Refusal) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = { success: false, message: error.message, code: error.code };
        return;
      }
      ctx.status = 500;
      ctx.body = { success: false, message: 'Internal server error', code: 'INTERNAL_ERROR' };
      // A client gone in the middle of its body (the load generator's turn ending) is nothing to report.
      if ((error as { code?: unknown }).code !== 'ECONNRESET' && (error as Error).message !== 'aborted') console.error(error);
    }
  });
  const router = new Router();

  // The catalogue: one statement (the page, its categories and, as an init plan, the count capped as ours).
  router.get('/api/lms/courses', async (ctx) => {
    const tenantId = await tenantOf(ctx);
    await limit(ctx);
    const q = ctx.query;
    for (const k of Object.keys(q))
      if (k !== 'page' && k !== 'page_size') throw new Refusal(400, 'Invalid parameters', 'VALIDATION_FAILED');
    const int = (v: unknown, dflt: number, max: number) => {
      if (v === undefined) return dflt;
      const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) throw new Refusal(400, 'Invalid parameters', 'VALIDATION_FAILED');
      return n;
    };
    const page = int(q.page, 1, 1_000_000);
    const pageSize = int(q.page_size, 10, 100);
    const offset = (page - 1) * pageSize;
    const rows = await o.query(
      `select c.id, c.title, c.description, c.category_id, cat.id as cat_id, cat.name as cat_name, cat.slug as cat_slug, c.difficulty,
              c.price, c.currency, c.cover_image, c.status, c.published_at, c.created_at, c.updated_at,
              c.created_at::text as k0, c.id::text as k1,
              (select count(*) from (select 1 from courses where tenant_id = $1 and status = 'published' limit ${COUNT_CAP + 1}) x) as capped
         from courses c left join course_categories cat on cat.id = c.category_id and cat.tenant_id = c.tenant_id
        where c.tenant_id = $1 and c.status = 'published'
        order by c.created_at desc, c.id desc limit $2 offset $3`,
      [tenantId, pageSize + 1, offset],
      'plain_catalogue',
    );
    const more = rows.length > pageSize;
    if (more) rows.pop();
    let total = offset + rows.length;
    let estimate = false;
    if (more || (rows.length === 0 && offset > 0)) {
      // Past the last page there is no row to carry the count: a statement of its own, then only.
      total = rows.length
        ? Number(rows[0]!.capped)
        : Number(
            (
              await o.query(
                `select count(*) as n from (select 1 from courses where tenant_id = $1 and status = 'published' limit ${COUNT_CAP + 1}) x`,
                [tenantId],
              )
            )[0]!.n,
          );
      if (total > COUNT_CAP) {
        const plan = (
          await o.query(`explain (format json) select 1 from courses where tenant_id = $1 and status = 'published'`, [tenantId])
        )[0]!;
        const parsed = plan['QUERY PLAN'];
        const json = (typeof parsed === 'string' ? JSON.parse(parsed) : parsed) as Array<{ Plan: { 'Plan Rows': number } }>;
        total = Math.max(COUNT_CAP + 1, Math.round(json[0]?.Plan['Plan Rows'] ?? 0));
        estimate = true;
      }
    }
    const last = rows.at(-1);
    ctx.body = {
      success: true,
      message: 'Success',
      data: {
        items: rows.map(courseJson),
        total,
        page,
        page_size: pageSize,
        total_is_estimate: estimate,
        next_cursor: more && last ? Buffer.from(JSON.stringify([last.k0, last.k1])).toString('base64url') : null,
      },
    };
  });

  // The course page: one statement (the login, the course, its category, the caller's enrolment and
  // certificate, modules with their lessons and the caller's status of each, the progress summary, the quizzes).
  router.get('/api/lms/courses/:id', async (ctx) => {
    const tenantId = await tenantOf(ctx);
    await limit(ctx);
    const { userId, loginId } = claimsOf(ctx);
    const courseId = uuidParam(ctx.params.id, 'VALIDATION_FAILED');
    const rows = await o.query(
      `select p.role, p.tenant_id as home_tenant_id, c.id, c.title, c.description, c.category_id, cat.id as cat_id, cat.name as cat_name,
              cat.slug as cat_slug, c.difficulty, c.price, c.currency, c.cover_image, c.status, c.published_at, c.created_at, c.updated_at,
              e.id as e_id, e.status as e_status, e.source as e_source, e.source_ref as e_source_ref, e.expires_at as e_expires_at,
              e.created_at as e_created_at, e.updated_at as e_updated_at,
              cert.id as cert_id, cert.code as cert_code, cert.issued_at as cert_issued_at, cert.student_name as cert_student_name,
              cert.course_title as cert_course_title,
              (select json_agg(json_build_object('id', m.id, 'title', m.title, 'description', m.description, 'order', m.sort_order,
                        'created_at', m.created_at, 'updated_at', m.updated_at,
                        'lessons', (select coalesce(json_agg(json_build_array(l.id, l.title, l.description, l.content_type, l.duration, l.sort_order,
                                      coalesce(lp.status, 'not_started')) order by l.sort_order, l.created_at, l.id), '[]'::json)
                                      from lessons l
                                      left join lesson_progress lp on lp.tenant_id = l.tenant_id and lp.lesson_id = l.id and lp.user_id = p.user_id
                                     where l.tenant_id = m.tenant_id and l.module_id = m.id))
                        order by m.sort_order, m.created_at, m.id)
                 from course_modules m where m.tenant_id = c.tenant_id and m.course_id = c.id) as modules,
              (select json_build_array(count(*) filter (where lp.status = 'completed'),
                        (array_agg(lp.lesson_id order by lp.updated_at desc, lp.lesson_id))[1], max(lp.updated_at))
                 from lesson_progress lp where lp.tenant_id = c.tenant_id and lp.user_id = p.user_id and lp.course_id = c.id) as summary,
              (select json_agg(json_build_array(q.id, q.title, q.status, b.score, b.percentage, b.passed, coalesce(b.any_passed, false))
                        order by q.created_at desc, q.id desc)
                 from quizzes q
                 left join lateral (
                   select a.score, a.percentage, a.passed, bool_or(a.passed) over () as any_passed from quiz_attempts a
                    where a.tenant_id = q.tenant_id and a.quiz_id = q.id and a.user_id = p.user_id and a.percentage is not null
                    order by a.percentage desc, a.passed desc, a.submitted_at asc, a.id asc
                    limit 1) b on true
                where q.tenant_id = c.tenant_id and q.course_id = c.id) as quizzes
         from (select l.user_id, l.tenant_id, u.role from logins l join users u on u.id = l.user_id
                where l.id = $1 and l.user_id = $2 and l.revoked_at is null and u.status = 1) p
         left join courses c on c.tenant_id = $3 and c.id = $4
         left join course_categories cat on cat.id = c.category_id and cat.tenant_id = c.tenant_id
         left join enrollments e on e.tenant_id = c.tenant_id and e.course_id = c.id and e.user_id = p.user_id
         left join certificates cert on cert.tenant_id = c.tenant_id and cert.course_id = c.id and cert.user_id = p.user_id`,
      [loginId, userId, tenantId, courseId],
      'plain_course_page',
    );
    const row = rows[0];
    const role = checkPrincipal(row, tenantId);
    if (!row || row.id === null) throw notFound();
    const now = Date.now();
    const expiresAt = row.e_expires_at === null ? null : new Date(row.e_expires_at as string);
    const enrolled = row.e_id !== null && row.e_status === 'active' && (expiresAt === null || expiresAt.getTime() > now);
    // Who sees a course: Mentors and above every one, others published ones, and archived ones they are enrolled in.
    if (role < MENTOR && row.status !== 'published' && !(row.status === 'archived' && enrolled)) throw notFound();

    type Lesson = [string, string, string | null, string, number, number, string];
    const modules = ((row.modules ?? []) as Array<Record<string, unknown> & { lessons: Lesson[] }>).map((m) => ({
      id: m.id,
      course_id: row.id,
      title: m.title,
      description: m.description,
      order: m.order,
      created_at: iso(m.created_at),
      updated_at: iso(m.updated_at),
      lessons: m.lessons.map(([id, title, description, contentType, duration, order, status]) => ({
        id,
        module_id: m.id,
        course_id: row.id,
        title,
        description,
        content_type: contentType,
        duration,
        order,
        progress_status: status,
      })),
    }));
    const lessons = modules.flatMap((m) => m.lessons);
    const [completedLessons, lastLessonId, lastActivity] = row.summary as [number, string | null, string | null];
    const quizzes = ((row.quizzes ?? []) as Array<[string, string, string, number | null, number | null, boolean | null, boolean]>).map(
      ([id, title, status, score, percentage, bestPassed, passed]) => ({
        id,
        title,
        required: status === 'published',
        passed,
        best_result: percentage === null ? null : { score: Number(score), percentage: Number(percentage), passed: Boolean(bestPassed) },
      }),
    );
    const required = quizzes.filter((q) => q.required);
    const quizzesPassed = required.filter((q) => q.passed).length;
    const parts = lessons.length + required.length;
    const complete = parts > 0 && completedLessons >= lessons.length && quizzesPassed >= required.length;
    const done = Math.min(completedLessons, lessons.length) + quizzesPassed;
    const enrollmentStatus = row.e_status === 'active' && !enrolled ? 'expired' : row.e_status;
    ctx.body = {
      success: true,
      message: 'Success',
      data: {
        ...courseJson(row),
        total_lessons: lessons.length,
        total_duration: lessons.reduce((s, l) => s + l.duration, 0),
        modules,
        enrolled,
        can_access: enrolled || role >= MENTOR,
        enrollment:
          row.e_id === null
            ? null
            : {
                id: row.e_id,
                user_id: userId,
                course_id: row.id,
                status: enrollmentStatus,
                source: row.e_source,
                source_ref: row.e_source_ref,
                expires_at: expiresAt,
                created_at: row.e_created_at,
                updated_at: row.e_updated_at,
              },
        progress: {
          progress: parts === 0 ? 0 : complete ? 100 : Math.min(99, Math.floor((done * 100) / parts)),
          completed: complete,
          completed_lessons: completedLessons,
          total_lessons: lessons.length,
          quizzes_required: required.length,
          quizzes_passed: quizzesPassed,
          last_lesson_id: lastLessonId,
          last_activity_at: iso(lastActivity),
        },
        certificate:
          row.cert_id === null
            ? null
            : {
                id: row.cert_id,
                code: row.cert_code,
                course_id: row.id,
                user_id: userId,
                issued_at: row.cert_issued_at,
                student_name: row.cert_student_name,
                course_title: row.cert_course_title,
                verify_url: `${o.publicUrl}/api/lms/certificates/verify/${encodeURIComponent(row.cert_code as string)}`,
              },
        quizzes: (role >= MENTOR ? quizzes : required).map((q) => ({
          id: q.id,
          title: q.title,
          required: q.required,
          best_result: q.best_result,
        })),
      },
    };
  });

  // One answer: the login, the attempt and its question in one statement; then the conditional upsert.
  router.post('/api/lms/quiz-attempts/:id/answers', async (ctx) => {
    const tenantId = await tenantOf(ctx);
    await limit(ctx);
    const { userId, loginId } = claimsOf(ctx);
    const attemptId = uuidParam(ctx.params.id, 'VALIDATION_FAILED');
    const body = parseJson(await readBody(ctx.req));
    const answer = isRecord(body) ? body.answer : undefined;
    const questionId =
      isRecord(body) && typeof body.question_id === 'string' && UUID.test(body.question_id) ? body.question_id.toLowerCase() : null;
    const given = typeof answer === 'string' ? [answer] : answer;
    if (
      !questionId ||
      !Array.isArray(given) ||
      given.length > MAX_OPTIONS ||
      !given.every((a) => typeof a === 'string' && a.length <= MAX_ESSAY)
    )
      throw new Refusal(400, 'Invalid parameters', 'VALIDATION_FAILED');
    const found = await o.query(
      `select p.role, p.tenant_id as home_tenant_id, a.id, a.status, a.deadline_at, q.question
         from (select l.user_id, l.tenant_id, u.role from logins l join users u on u.id = l.user_id
                where l.id = $1 and l.user_id = $2 and l.revoked_at is null and u.status = 1) p
         left join quiz_attempts a on a.tenant_id = $3 and a.id = $4 and a.user_id = p.user_id
         left join lateral (select e as question from jsonb_array_elements(a.questions) e where e->>'id' = $5 limit 1) q on true`,
      [loginId, userId, tenantId, attemptId, questionId],
      'plain_attempt_question',
    );
    checkPrincipal(found[0], tenantId);
    const attempt = found[0]!;
    if (attempt.id === null) throw new Refusal(404, 'Record not found', 'ATTEMPT_NOT_FOUND');
    const question = (typeof attempt.question === 'string' ? JSON.parse(attempt.question) : attempt.question) as Question | null;
    if (!question) throw new Refusal(400, 'Invalid parameters', 'QUESTION_NOT_IN_QUIZ');
    const checked = checkAnswer(question, given as string[]);
    if (!checked.ok) throw new Refusal(400, 'Invalid parameters', 'INVALID_ANSWER');
    const now = new Date();
    const value = checked.value.length ? checked.value : null;
    const saved = await o.query(
      `insert into quiz_answers (tenant_id, attempt_id, question_id, answer, is_correct, points_awarded, max_points, answered_at, updated_at)
       select a.tenant_id, a.id, $1, $2::jsonb, null, null, null, $3, $4
         from quiz_attempts a
        where a.tenant_id = $5 and a.id = $6 and a.user_id = $7 and a.status = 'in_progress' and (a.deadline_at is null or a.deadline_at > $4)
          for share
       on conflict (tenant_id, attempt_id, question_id) do update set answer = excluded.answer, answered_at = excluded.answered_at,
          updated_at = excluded.updated_at
       returning question_id`,
      [questionId, value === null ? null : JSON.stringify(value), value === null ? null : now, now, tenantId, attemptId, userId],
      'plain_answer_save',
    );
    // Closed or past its deadline (the sweep grades an overdue attempt; ours grades it here).
    if (saved.length === 0)
      throw attempt.status !== 'in_progress'
        ? new Refusal(400, 'The attempt has already been submitted', 'ATTEMPT_NOT_IN_PROGRESS')
        : new Refusal(400, 'The time for this attempt is up', 'ATTEMPT_DEADLINE_PASSED');
    ctx.body = {
      success: true,
      message: 'Answer saved',
      data: { attempt_id: attemptId, question_id: questionId, answer: value, answered_at: value === null ? null : now },
    };
  });

  // The Google lead webhook: one statement (the delivery inserted from the integration found by the key's hash), one enqueue.
  router.post('/api/crm/webhooks/google', async (ctx) => {
    const ip = ctx.ip || 'unknown';
    try {
      const res = await webhookFailures.get(ip);
      if (res && res.consumedPoints >= o.webhookFailureLimit) throw tooMany(res, o.webhookFailureLimit);
    } catch (error) {
      if (error instanceof Refusal) throw error;
    }
    const raw = await readBody(ctx.req);
    const body = parseJson(raw);
    const field = isRecord(body) ? Object.keys(body).find((k) => k.toLowerCase() === 'google_key') : undefined;
    const key = field && isRecord(body) ? body[field] : undefined;
    const refuse = async (): Promise<never> => {
      try {
        await webhookFailures.consume(ip);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooMany(rejection, o.webhookFailureLimit);
      }
      throw new Refusal(403, 'Invalid webhook key', 'INVALID_WEBHOOK_KEY');
    };
    if (typeof key !== 'string' || key.length < 16) return refuse();
    const hash = createHmac('sha256', hashKey).update(`google.webhook_key\0${key}`, 'utf8').digest('hex');
    const lead = body as Record<string, unknown>;
    const leadId = typeof lead.lead_id === 'string' || typeof lead.lead_id === 'number' ? String(lead.lead_id).trim() : '';
    if (!leadId || (lead.user_column_data !== undefined && !Array.isArray(lead.user_column_data))) {
      // A wrong key is refused before the payload is looked at, as ours does.
      const known = await o.query(`select 1 from crm_integrations where provider = 'google' and enabled and google_key_hash = $1 limit 1`, [
        hash,
      ]);
      if (known.length === 0) return refuse();
      throw new Refusal(400, 'Invalid parameters', 'INVALID_LEAD_PAYLOAD');
    }
    const { [field!]: _key, ...payload } = lead;
    const now = new Date();
    const id = randomUUID();
    const inserted = await o.query(
      `insert into crm_webhook_deliveries (id, tenant_id, provider, external_id, status, raw_body, payload, attempts, retries, last_error, lead_id,
                                           received_at, processed_at, updated_at)
       select $1, i.tenant_id, 'google', $2, 'pending', $3, $4, 0, 0, null, null, $5, null, $5
         from crm_integrations i where i.provider = 'google' and i.enabled and i.google_key_hash = $6 limit 1
       returning tenant_id`,
      [id, leadId, raw.toString('utf8').replaceAll(key, '[redacted]'), JSON.stringify(payload), now, hash],
      'plain_google_delivery',
    );
    if (inserted.length === 0) return refuse();
    await o.enqueue(inserted[0]!.tenant_id as string, id);
    ctx.body = { success: true, message: 'Received', data: { accepted: 1 } };
  });

  app.use(router.routes());
  return app;
}

/** A catalogue row as ours answers it (its courseView). */
function courseJson(r: Record<string, unknown>) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category_id: r.category_id,
    category: r.cat_id === null ? null : { id: r.cat_id, name: r.cat_name, slug: r.cat_slug },
    difficulty: r.difficulty,
    price: Number(r.price),
    currency: r.currency,
    cover_image: r.cover_image,
    status: r.status,
    published_at: r.published_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/**
 * The plain app on the database of our composed application (bench/server.ts, the test): pg's
 * Pool of the same size on PostgreSQL, else PGlite's own `query` on the same embedded engine, and
 * our secrets, so that tokens and keys issued by ours are good here.
 */
export function plainOnApplication(
  ours: Application,
  extra: Pick<PlainOptions, 'redis' | 'enqueue' | 'prefix'> & { globalLimit?: number; onQuery?: () => void },
): { app: Koa; close(): Promise<void> } {
  const config = ours.config;
  const url = databaseUrlOf(ours.db.knex);
  const pool = url ? new pg.Pool({ connectionString: url, max: config.DATABASE_POOL_MAX }) : null;
  const pglite = pool ? null : embeddedEngine(ours.db.knex);
  if (!pool && !pglite) throw new Error('plain baseline: neither a PostgreSQL URL nor an embedded engine');
  const run: PlainQuery = pool
    ? async (text, values, name) =>
        (await pool.query(name ? { name, text, values } : { text, values })).rows as Array<Record<string, unknown>>
    : async (text, values) => (await pglite!.query<Record<string, unknown>>(text, values)).rows;
  const count = extra.onQuery;
  const query: PlainQuery = count ? (text, values, name) => (count(), run(text, values, name)) : run;
  const app = createPlainApp({
    query,
    jwtSecret: ours.container.resolve<string>('jwtSecret'),
    encryptionKey: config.ENCRYPTION_KEY ?? persistentSecret(config.DATA_DIR, 'encryption_key', 32),
    redis: extra.redis,
    globalLimit: extra.globalLimit ?? config.RATE_LIMIT_GLOBAL,
    webhookFailureLimit: config.RATE_LIMIT_WEBHOOK_FAILURES,
    prefix: extra.prefix,
    publicUrl: config.publicUrl,
    enqueue: extra.enqueue,
  });
  return { app, close: async () => void (await pool?.end()) };
}
