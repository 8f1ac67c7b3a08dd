/**
 * `npm run seed -- --demo [--tenant slug]`: a small demo tenant with known logins, for front-end
 * developers (docs/guides/README.md lists what it makes; a test checks that list against it).
 *
 * Only the tenant and its admin are written through the repositories (someone must hold the first
 * token); everything else goes through the HTTP API on a loopback port of the same composed
 * application, as that admin, the parent and a student would call it. So the demo data passes the
 * very validation, hashing, allocation and linking a front end meets, and it works alike on PGlite
 * and PostgreSQL.
 *
 * Refuses (DemoTenantExists) when the tenant slug is already taken: it never touches an existing
 * tenant, so running it twice cannot double or overwrite anything.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Application } from '../composition/container.js';
import type { TenantRepository } from '../application/identity/ports/tenant-repository.js';
import type { UserRepository } from '../application/identity/ports/user-repository.js';
import type { PasswordHasher } from '../application/identity/ports/security.js';
import type { SessionIssuer } from '../application/identity/session-issuer.js';
import { Role, UserStatus, type RoleLevel } from '../domain/identity/role.js';
import { newUser } from '../domain/identity/user.js';

/** Every demo login's password. */
export const DEMO_PASSWORD = 'demo password';
export const DEMO_TENANT = 'demo';

export interface DemoLogin {
  key: 'admin' | 'mentor' | 'parent' | 'siti' | 'budi' | 'citra';
  email: string;
  name: string;
  role: RoleLevel;
}

/** The logins, in the order docs/guides/README.md lists them. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { key: 'admin', email: 'admin@demo.test', name: 'Ayu Lestari', role: Role.Admin },
  { key: 'mentor', email: 'mentor@demo.test', name: 'Maya Kusuma', role: Role.Mentor },
  { key: 'parent', email: 'parent@demo.test', name: 'Rahma Putri', role: Role.Parent },
  { key: 'siti', email: 'siti@demo.test', name: 'Siti Rahma', role: Role.Student },
  { key: 'budi', email: 'budi@demo.test', name: 'Budi Santoso', role: Role.Student },
  { key: 'citra', email: 'citra@demo.test', name: 'Citra Dewi', role: Role.Student },
];

interface DemoQuestion {
  text: string;
  options: Array<[string, boolean]>;
}
interface DemoCourse {
  title: string;
  description: string;
  price: number;
  lessons: Array<[string, string]>;
  quiz: { title: string; questions: DemoQuestion[] };
}

/** The courses, in the order docs/guides/README.md lists them. */
export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    title: 'Algebra basics',
    description: 'Variables, expressions and simple equations.',
    price: 0,
    lessons: [
      ['Variables', 'A variable is a letter standing for a number we do not know yet.'],
      ['Equations', 'An equation says two expressions are equal: x + 2 = 5 gives x = 3.'],
    ],
    quiz: {
      title: 'Algebra check',
      questions: [
        {
          text: 'If x + 2 = 5, what is x?',
          options: [
            ['3', true],
            ['7', false],
            ['2', false],
          ],
        },
        {
          text: 'Which of these is a variable?',
          options: [
            ['x', true],
            ['5', false],
          ],
        },
      ],
    },
  },
  {
    title: 'Photosynthesis',
    description: 'How plants turn light into food.',
    price: 0,
    lessons: [['Chlorophyll', 'Chlorophyll is the green pigment that absorbs light.']],
    quiz: {
      title: 'Light check',
      questions: [
        {
          text: 'Which pigment absorbs light in plants?',
          options: [
            ['Chlorophyll', true],
            ['Haemoglobin', false],
          ],
        },
      ],
    },
  },
  {
    title: 'Public speaking',
    description: 'Speak with confidence to any room.',
    price: 250000,
    lessons: [
      ['Breathing', 'Breathe from the belly before you start.'],
      ['Pauses', 'A pause gives your listeners time to think.'],
    ],
    quiz: {
      title: 'Voice check',
      questions: [
        {
          text: 'What gives listeners time to think?',
          options: [
            ['A pause', true],
            ['Speaking faster', false],
          ],
        },
      ],
    },
  },
];

/** The leads, allocated round-robin to the mentor (the demo's only sales member). */
export const DEMO_LEADS = [
  { name: 'Rina Wijaya', email: 'rina@leads.demo.test', phone: '081234567801', city: 'Bandung', category: 'Public speaking' },
  { name: 'Joko Pratama', email: 'joko@leads.demo.test', phone: '081234567802', city: 'Surabaya', category: 'Algebra basics' },
  { name: 'Indah Nugroho', email: 'indah@leads.demo.test', phone: '081234567803', city: 'Medan', category: 'Photosynthesis' },
] as const;

export class DemoTenantExists extends Error {
  constructor(readonly slug: string) {
    super(
      `tenant "${slug}" already exists; the demo seed only makes a new tenant and changes nothing here. ` +
        `Delete it (DELETE /api/tenants/:id as the Super Admin), or choose another slug with --tenant.`,
    );
  }
}

export interface DemoSummary {
  tenant: { id: string; slug: string };
  password: string;
  logins: Array<{ email: string; name: string; role: RoleLevel; id: string }>;
  courses: Array<{ id: string; title: string; price: number; quiz_id: string }>;
  leads: number;
}

type Call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string) => Promise<T>;

export async function seedDemo(app: Application, slug: string = DEMO_TENANT): Promise<DemoSummary> {
  const tenants = app.container.resolve<TenantRepository>('tenantRepository');
  if (await tenants.findBySlug(slug)) throw new DemoTenantExists(slug);
  const now = new Date();
  const tenantId = randomUUID();
  await tenants.insert({ id: tenantId, slug, name: 'Demo Academy', status: 'active', createdAt: now, updatedAt: now });

  const admin = DEMO_LOGINS[0]!;
  const passwordHash = await app.container.resolve<PasswordHasher>('passwordHasher').hash(DEMO_PASSWORD);
  const adminUser = newUser(
    { id: randomUUID(), tenantId, createdAt: now, updatedAt: now },
    {
      username: 'demo-admin',
      email: admin.email,
      displayName: admin.name,
      role: admin.role,
      status: UserStatus.Active,
      passwordHash,
      phone: null,
      emailVerifiedAt: now,
    },
  );
  await app.container.resolve<UserRepository>('userRepository').insert(adminUser);
  const session = await app.container
    .resolve<SessionIssuer>('sessionIssuer')
    .open(adminUser, 'password', { ip: '127.0.0.1', userAgent: 'npm run seed -- --demo' });

  const server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: Call = async (method, path, body, token = session.accessToken) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Tenant-ID': slug, Authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { success: boolean; data: unknown; message: string; error?: string };
    if (!res.ok)
      throw new Error(`demo seed: ${method} ${path} answered ${res.status} ${json.message}${json.error ? `: ${json.error}` : ''}`);
    return json.data as never;
  };
  try {
    return await fill(call, { id: tenantId, slug }, adminUser.id);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function fill(call: Call, tenant: { id: string; slug: string }, adminId: string): Promise<DemoSummary> {
  const ids = new Map<string, string>([['admin', adminId]]);
  for (const login of DEMO_LOGINS.slice(1)) {
    const user = await call<{ id: string }>('POST', '/api/users', {
      name: login.name,
      email: login.email,
      password: DEMO_PASSWORD,
      role: login.role,
    });
    ids.set(login.key, user.id);
  }

  const courses: DemoSummary['courses'] = [];
  const lessonsOf = new Map<string, string[]>();
  for (const c of DEMO_COURSES) {
    const course = await call<{ id: string }>('POST', '/api/lms/admin/courses', {
      title: c.title,
      description: c.description,
      price: c.price,
      status: 'published',
    });
    const mod = await call<{ id: string }>('POST', '/api/lms/admin/modules', { course_id: course.id, title: 'Module 1' });
    const lessons: string[] = [];
    for (const [title, content] of c.lessons)
      lessons.push((await call<{ id: string }>('POST', '/api/lms/admin/lessons', { module_id: mod.id, title, content })).id);
    lessonsOf.set(course.id, lessons);
    const quiz = await call<{ id: string }>('POST', '/api/lms/admin/quizzes', {
      module_id: mod.id,
      title: c.quiz.title,
      passing_score: 50,
      max_attempts: 0,
    });
    for (const q of c.quiz.questions) {
      await call('POST', `/api/lms/admin/quizzes/${quiz.id}/questions`, {
        question_type: 'multiple_choice',
        question_text: q.text,
        options: q.options.map(([option_text, is_correct]) => ({ option_text, is_correct })),
      });
    }
    await call('POST', `/api/lms/admin/quizzes/${quiz.id}/publish`);
    courses.push({ id: course.id, title: c.title, price: c.price, quiz_id: quiz.id });
  }

  // Siti is in Algebra (first lesson done) and Public speaking (given by the admin); Budi in
  // Photosynthesis; Citra in nothing, to try enrolment and ordering herself.
  const [algebra, photosynthesis, speaking] = courses as [
    DemoSummary['courses'][number],
    DemoSummary['courses'][number],
    DemoSummary['courses'][number],
  ];
  for (const [who, course] of [
    ['siti', algebra],
    ['siti', speaking],
    ['budi', photosynthesis],
  ] as const) {
    await call('POST', '/api/lms/admin/resources/enrollments', { user_id: ids.get(who), course_id: course.id, source: 'admin' });
  }
  const siti = await call<{ access_token: string }>('POST', '/api/auth/login', { email: 'siti@demo.test', password: DEMO_PASSWORD });
  await call('POST', '/api/lms/progress', { lesson_id: lessonsOf.get(algebra.id)![0], status: 'completed' }, siti.access_token);
  // The parent links Siti with her linking code, as the two apps would.
  const code = await call<{ linking_code: string }>('GET', '/api/lms/student/linking-code', undefined, siti.access_token);
  const parent = await call<{ access_token: string }>('POST', '/api/auth/login', { email: 'parent@demo.test', password: DEMO_PASSWORD });
  await call('POST', '/api/lms/parent/link-student', { linking_code: code.linking_code }, parent.access_token);

  await call('PUT', '/api/crm/automation', { mode: 'round_robin', members: [{ user_id: ids.get('mentor') }], close_on_payment: true });
  for (const lead of DEMO_LEADS) await call('POST', '/api/crm/leads', { ...lead, external_id: `demo-${lead.email}` });

  return {
    tenant,
    password: DEMO_PASSWORD,
    logins: DEMO_LOGINS.map((l) => ({ email: l.email, name: l.name, role: l.role, id: ids.get(l.key)! })),
    courses,
    leads: DEMO_LEADS.length,
  };
}
