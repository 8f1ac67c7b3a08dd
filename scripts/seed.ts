/**
 * Fills one tenant with realistic volumes, fast (multi-row inserts in batches), so that the
 * benchmarks and the analytics and dashboard queries run on big data (issue 9 §2):
 *
 *   npm run seed -- --scale N [--tenant slug]
 *
 * N × 1,000 users (students, with parents and mentors among them), N × 100 courses with modules
 * and lessons, N × 5,000 enrolments, a published quiz per course with N × 5,000 graded attempts
 * (and their answers), and N × 10,000 leads. Against DATABASE_URL, else the embedded database in DATA_DIR.
 * Every seeded user's password is `seed password`.
 *
 *   npm run seed -- --demo [--tenant slug]
 *
 * instead makes a small demo tenant (`demo`) with known logins through the API (scripts/seed-demo.ts,
 * docs/guides/README.md), and refuses when the tenant exists.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import argon2 from 'argon2';
import { loadConfig } from '../infrastructure/config.js';
import { createKnex, embeddedDatabaseDir, type Knex } from '../infrastructure/db/knex.js';
import { migrateLatest } from '../infrastructure/db/migrate.js';
import { packageVersion } from '../infrastructure/version.js';
import { seedAssessment } from './seed-assessment.js';

export const SEED_PASSWORD = 'seed password';
const BATCH = 1000;

/**
 * A small deterministic generator (mulberry32): the same scale gives the same shapes. 32-bit integer
 * arithmetic (`Math.imul`) keeps every bit, so it runs 2^32 draws before repeating; a float
 * multiply would lose the low bits and cycle within some thousands of draws, and the enrolment
 * loop, which waits for enough distinct pairs, would then never end.
 */
let state = 42;
export const rnd = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

const FIRST = [
  'Adi',
  'Budi',
  'Citra',
  'Dewi',
  'Eka',
  'Fajar',
  'Gita',
  'Hadi',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nur',
  'Putri',
  'Rina',
  'Sari',
  'Tono',
  'Wati',
  'Yusuf',
];
const LAST = ['Pratama', 'Saputra', 'Wijaya', 'Kusuma', 'Hidayat', 'Santoso', 'Nugroho', 'Siregar', 'Lubis', 'Harahap'];
const CITIES = [
  ['Jakarta', 'DKI Jakarta'],
  ['Bandung', 'Jawa Barat'],
  ['Surabaya', 'Jawa Timur'],
  ['Medan', 'Sumatera Utara'],
  ['Makassar', 'Sulawesi Selatan'],
  ['Denpasar', 'Bali'],
  ['Yogyakarta', 'DI Yogyakarta'],
] as const;
const SUBJECTS = [
  'Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'English',
  'Bahasa Indonesia',
  'History',
  'Economics',
  'Programming',
  'Design',
];
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
const STATUSES = [
  'new',
  'new',
  'new',
  'contacted',
  'contacted',
  'qualified',
  'unqualified',
  'converted',
  'closed_won',
  'closed_lost',
] as const;

export async function insertAll(knex: Knex, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await knex(table).insert(rows.slice(i, i + BATCH));
}

export interface SeedSummary {
  tenantId: string;
  tenant: string;
  users: number;
  courses: number;
  lessons: number;
  enrollments: number;
  leads: number;
  attempts: number;
  seconds: string;
  /** A few handles for benchmarks: an admin, an enrolled student and their course. */
  sample: { adminEmail: string; studentEmail: string; courseId: string };
}

export async function seedTenant(knex: Knex, scale: number, slug: string): Promise<SeedSummary> {
  const started = performance.now();
  const now = new Date();
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  let tenant = (await knex('tenants').where({ slug }).first()) as { id: string } | undefined;
  if (!tenant) {
    tenant = { id: randomUUID() };
    await knex('tenants').insert({ id: tenant.id, slug, name: `Seeded (${slug})`, status: 'active', createdAt: now, updatedAt: now });
  }
  const tenantId = tenant.id;
  state = 42;
  const passwordHash = await argon2.hash(SEED_PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const run = randomUUID().slice(0, 6);

  // Users: 1 admin, 2 % mentors, 10 % parents, the rest students.
  const userCount = Math.round(scale * 1000);
  const users = Array.from({ length: userCount }, (_, i) => {
    const role = i === 0 ? 99 : i % 50 === 1 ? 30 : i % 10 === 2 ? 10 : 1;
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    return {
      id: randomUUID(),
      tenantId,
      username: `user${run}${i}`,
      email: `user${i}.${run}@seed.test`,
      displayName: name,
      role,
      status: rnd() < 0.97 ? 1 : 2,
      passwordHash,
      phone: null,
      emailVerifiedAt: now,
      createdAt: daysAgo(rnd() * 365),
      updatedAt: now,
    };
  });
  await insertAll(knex, 'users', users);
  const students = users.filter((u) => u.role === 1);
  const mentors = users.filter((u) => u.role === 30);

  const categories = SUBJECTS.map((name) => ({
    id: randomUUID(),
    tenantId,
    name: `${name} ${run}`,
    slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${run}`,
    description: `Courses about ${name}`,
    createdAt: now,
    updatedAt: now,
  }));
  await insertAll(knex, 'course_categories', categories);

  const courseCount = Math.max(10, Math.round(scale * 100));
  const courses = Array.from({ length: courseCount }, (_, i) => {
    const subject = pick(SUBJECTS);
    return {
      id: randomUUID(),
      tenantId,
      title: `${subject} ${pick(LEVELS)} ${i + 1}`,
      description: `A course on ${subject.toLowerCase()}.`,
      categoryId: pick(categories).id,
      difficulty: pick(LEVELS),
      price: rnd() < 0.3 ? 0 : Math.round(rnd() * 20) * 50_000,
      currency: 'IDR',
      status: rnd() < 0.9 ? 'published' : 'draft',
      createdBy: users[0]!.id,
      publishedAt: daysAgo(rnd() * 300),
      createdAt: daysAgo(rnd() * 365),
      updatedAt: now,
    };
  });
  await insertAll(knex, 'courses', courses);
  const modules = courses.flatMap((c) =>
    Array.from({ length: 3 }, (_, m) => ({
      id: randomUUID(),
      tenantId,
      courseId: c.id,
      title: `Module ${m + 1}`,
      sortOrder: m,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await insertAll(knex, 'course_modules', modules);
  const lessons = modules.flatMap((m) =>
    Array.from({ length: 4 }, (_, l) => ({
      id: randomUUID(),
      tenantId,
      moduleId: m.id,
      courseId: m.courseId,
      title: `Lesson ${l + 1}`,
      description: 'What this lesson covers.',
      contentType: pick(['text', 'video']),
      content: 'Lesson body. '.repeat(40),
      duration: 10 + Math.floor(rnd() * 30),
      sortOrder: l,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await insertAll(knex, 'lessons', lessons);

  const enrolmentKeys = new Set<string>();
  const enrollments: Record<string, unknown>[] = [];
  const published = courses.filter((c) => c.status === 'published');
  while (enrollments.length < scale * 5000 && enrollments.length < students.length * published.length) {
    const user = pick(students);
    const course = pick(published);
    const key = `${user.id}:${course.id}`;
    if (enrolmentKeys.has(key)) continue;
    enrolmentKeys.add(key);
    enrollments.push({
      id: randomUUID(),
      tenantId,
      userId: user.id,
      courseId: course.id,
      status: 'active',
      source: course.price === 0 ? 'free' : 'admin',
      createdAt: daysAgo(rnd() * 200),
      updatedAt: now,
    });
  }
  await insertAll(knex, 'enrollments', enrollments);

  const leads = Array.from({ length: Math.round(scale * 10_000) }, (_, i) => {
    const [city, region] = pick(CITIES);
    const status = pick(STATUSES);
    const created = daysAgo(rnd() * 365);
    const closed = status === 'closed_won' || status === 'closed_lost' ? new Date(created.getTime() + rnd() * 30 * 86_400_000) : null;
    return {
      id: randomUUID(),
      tenantId,
      provider: pick(['meta', 'google', 'manual']),
      externalId: `seed-${run}-${i}`,
      name: `${pick(FIRST)} ${pick(LAST)}`,
      phone: `+62812${String(10_000_000 + i).slice(-8)}`,
      email: `lead${i}.${run}@seed.test`,
      city,
      region,
      category: pick(SUBJECTS),
      answers: JSON.stringify([]),
      status,
      assignedTo: mentors.length ? pick(mentors).id : null,
      value: status === 'closed_won' ? Math.round(rnd() * 100) * 100_000 : null,
      isTest: false,
      createdAt: created,
      updatedAt: now,
      statusChangedAt: closed ?? created,
      closedAt: closed,
    };
  });
  await insertAll(knex, 'crm_leads', leads);

  const attempts = await seedAssessment(knex, {
    tenantId,
    scale,
    enrollments: enrollments as Array<{ userId: string; courseId: string }>,
    published,
    modules,
    now,
    rnd,
    insertAll,
  });

  await knex.raw('analyze');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const sampleEnrolment = enrollments.find((e) => students.find((s) => s.id === e.userId && s.status === 1)) as {
    userId: string;
    courseId: string;
  };
  return {
    tenantId,
    tenant: slug,
    users: users.length,
    courses: courses.length,
    lessons: lessons.length,
    enrollments: enrollments.length,
    leads: leads.length,
    attempts,
    seconds,
    sample: {
      adminEmail: users[0]!.email,
      studentEmail: students.find((s) => s.id === sampleEnrolment.userId)!.email,
      courseId: sampleEnrolment.courseId,
    },
  };
}

const USAGE = 'usage: npm run seed -- --scale N [--tenant slug]   or   npm run seed -- --demo [--tenant slug]';

function refuse(reason: string): never {
  console.error(`${reason}\n${USAGE}`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (args.includes('--help') || args.includes('-h')) return console.log(USAGE);
  // An option it does not know (a typo, a question) seeds nothing: a database filled by mistake is
  // minutes of work to undo.
  for (let i = 0; i < args.length; i += args[i] === '--demo' ? 1 : 2)
    if (!['--demo', '--scale', '--tenant'].includes(args[i]!)) return refuse(`unknown option ${args[i]}`);
  if (args.includes('--demo')) return demo(arg('--tenant'));
  const scale = Number(arg('--scale') ?? 1);
  const slug = arg('--tenant') ?? 'bench';
  if (!Number.isFinite(scale) || scale <= 0) return refuse('--scale takes a positive number');
  const config = loadConfig(process.env, packageVersion);
  const knex = await createKnex({ databaseUrl: config.DATABASE_URL, embeddedDir: embeddedDatabaseDir(config.DATA_DIR) });
  await migrateLatest(knex);
  const { sample: _sample, ...summary } = await seedTenant(knex, scale, slug);
  console.log(JSON.stringify(summary));
  await knex.destroy();
}

/** The demo tenant, through the composed application (no workers: the in-process queue runs its jobs anyway). */
async function demo(tenant: string | undefined) {
  // Loaded here: the benchmarks import this module for seedTenant and need no composed application.
  const { buildApplication } = await import('../composition/container.js');
  const { createLogger } = await import('../infrastructure/logger.js');
  const { DEMO_TENANT, DemoTenantExists, seedDemo } = await import('./seed-demo.js');
  const slug = tenant ?? DEMO_TENANT;
  // The seed makes some fifty requests from one address in a few seconds: not what the limits are for.
  const env = { ...process.env, RATE_LIMIT_GLOBAL: '100000', RATE_LIMIT_CRITICAL: '100000' };
  const config = loadConfig(env, packageVersion);
  const app = await buildApplication(config, { logger: createLogger('error'), runWorkers: false, schedules: false });
  try {
    const summary = await seedDemo(app, slug);
    console.log(`demo tenant "${summary.tenant.slug}" (${summary.tenant.id}): send X-Tenant-ID: ${summary.tenant.slug}`);
    console.log(`logins, every password "${summary.password}":`);
    for (const l of summary.logins) console.log(`  ${l.email.padEnd(18)} role ${String(l.role).padEnd(3)} ${l.name}`);
    for (const c of summary.courses)
      console.log(`course ${c.id}  ${c.title}${c.price ? ` (${c.price} IDR)` : ' (free)'}, quiz ${c.quiz_id}`);
    console.log(`${summary.leads} CRM leads, allocated to the mentor; guide: docs/guides/README.md`);
  } catch (error) {
    if (!(error instanceof DemoTenantExists)) throw error;
    console.error(`npm run seed -- --demo: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
