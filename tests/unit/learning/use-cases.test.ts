import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { makeGrantEnrollment } from '../../../application/learning/use-cases/grant-enrollment.usecase.js';
import { makeGrantEnrollments } from '../../../application/learning/use-cases/grant-enrollments.usecase.js';
import type { RecordingDomainEvents } from '../../../adapters/persistence/memory/webhooks.memory.js';
import { makeEvaluateCourseCompletion } from '../../../application/learning/use-cases/evaluate-course-completion.usecase.js';
import { makeRecordProgress } from '../../../application/learning/use-cases/record-progress.usecase.js';
import { makeIssueLinkingCode } from '../../../application/learning/use-cases/issue-linking-code.usecase.js';
import { makeLinkStudent } from '../../../application/learning/use-cases/link-student.usecase.js';
import { makeReorderModules } from '../../../application/learning/use-cases/reorder-modules.usecase.js';
import { makeUpdateCourse } from '../../../application/learning/use-cases/update-course.usecase.js';
import type { CategorySubscriber } from '../../../application/learning/ports/category-subscribers.js';
import type { CourseQuizRequirements, QuizStatus } from '../../../application/learning/ports/assessment-ports.js';
import type { Actor } from '../../../application/shared/actor.js';
import { memoryLearning } from './memory-learning.js';

const meta = { ip: null, userAgent: null };

describe('learning use cases (memory adapters)', () => {
  it('a course moved into a subscribed category goes to its subscribers: new enrolments, and longer ones never shortened', async () => {
    const holders: CategorySubscriber[] = [];
    const m = memoryLearning({ categorySubscribers: { of: async () => holders } });
    const admin: Actor = { userId: m.addUser(Role.Admin), role: Role.Admin, tenantId: m.tenantId, homeTenantId: m.tenantId };
    const [fresh, shorter, forever] = [m.addUser(Role.Student), m.addUser(Role.Student), m.addUser(Role.Student)];
    const category = {
      id: 'cat-1',
      tenantId: m.tenantId,
      name: 'Science',
      slug: 'science',
      description: null,
      createdAt: m.clock.now(),
      updatedAt: m.clock.now(),
    };
    m.state.categories.set(category.id, category);
    const { courseId } = m.addCourse(1);
    const day = 86_400_000;
    const base = m.clock.now().getTime();
    const at = (days: number) => new Date(base + days * day);
    const grant = makeGrantEnrollment(m.deps);
    await grant(m.tenantId, shorter, courseId, 'order', at(5), 'order-1');
    await grant(m.tenantId, forever, courseId, 'admin', null);
    holders.push(...[fresh, shorter, forever].map((userId) => ({ userId, subscriptionId: `sub-${userId}`, endsAt: at(30) })));

    const update = makeUpdateCourse(m.deps);
    expect((await update(admin, meta, courseId, { title: 'Renamed' })).ok).to.equal(true);
    expect(await m.learningAccess.isEnrolled(m.tenantId, fresh, courseId), 'no category change, no grant').to.equal(false);
    expect((await update(admin, meta, courseId, { categoryId: category.id })).ok).to.equal(true);

    const enrolment = (userId: string) => m.deps.enrollmentRepository.find(m.tenantId, userId, courseId);
    expect(await enrolment(fresh)).to.deep.include({
      source: 'subscription',
      sourceRef: `sub-${fresh}`,
      expiresAt: at(30),
      status: 'active',
    });
    expect((await enrolment(shorter))!.expiresAt).to.deep.equal(at(30));
    expect(await enrolment(forever)).to.deep.include({ source: 'admin', expiresAt: null });
    expect(m.state.enrollments.size).to.equal(3);
  });

  it('grantEnrollments grants many courses of one user as grantEnrollment would, each new one announced once', async () => {
    const m = memoryLearning();
    const events = m.deps.domainEvents as RecordingDomainEvents;
    const grantMany = makeGrantEnrollments(m.deps);
    const user = m.addUser(Role.Student);
    const [a, b, c] = [m.addCourse(1).courseId, m.addCourse(1).courseId, m.addCourse(1).courseId];
    const base = m.clock.now().getTime();
    const at = (days: number) => new Date(base + days * 86_400_000);
    await makeGrantEnrollment(m.deps)(m.tenantId, user, b, 'order', at(60), 'order-0');
    const lapsed = (await makeGrantEnrollment(m.deps)(m.tenantId, user, c, 'order', at(1), 'order-1')).ok;
    expect(lapsed).to.equal(true);
    const before = events.of('enrollment.created').length;

    const missing = 'no-such-course';
    const first = await grantMany(m.tenantId, user, [a, b, c, a, missing], 'subscription', at(30), 'sub-1');
    expect(first.skipped).to.deep.equal([{ courseId: missing, reason: 'COURSE_NOT_FOUND' }]);
    expect(first.created.map((e) => e.courseId)).to.deep.equal([a]);
    expect(first.regranted.map((e) => e.courseId).sort()).to.deep.equal([b, c].sort());
    const enrolment = async (courseId: string) => (await m.deps.enrollmentRepository.find(m.tenantId, user, courseId))!;
    expect(await enrolment(a)).to.deep.include({ source: 'subscription', sourceRef: 'sub-1', expiresAt: at(30), status: 'active' });
    expect((await enrolment(b)).expiresAt, 'a longer enrolment is never shortened').to.deep.equal(at(60));
    expect((await enrolment(c)).expiresAt, 'a shorter one is extended').to.deep.equal(at(30));
    expect(
      events
        .of('enrollment.created')
        .slice(before)
        .map((e) => (e.data.enrollment as { course_id: string }).course_id),
      'only the new one is announced',
    ).to.deep.equal([a]);
    expect(m.state.enrollments.size).to.equal(3);

    // Replayed: nothing new, nothing announced.
    const again = await grantMany(m.tenantId, user, [a, b, c], 'subscription', at(30), 'sub-1');
    expect([again.created.length, again.regranted.length]).to.deep.equal([0, 3]);
    expect(events.of('enrollment.created').length).to.equal(before + 1);
    expect(m.state.enrollments.size).to.equal(3);
    expect(await grantMany(m.tenantId, user, [], 'order', null, 'order-2')).to.deep.equal({ created: [], regranted: [], skipped: [] });
    expect((await grantMany(m.tenantId, 'no-such-user', [a], 'order', null, 'order-2')).skipped).to.deep.equal([
      { courseId: a, reason: 'USER_NOT_FOUND' },
    ]);
  });

  it('grantEnrollment is idempotent per user and course, extends live enrolments and reactivates dead ones', async () => {
    const m = memoryLearning();
    const grant = makeGrantEnrollment(m.deps);
    const user = m.addUser(Role.Student);
    const { courseId } = m.addCourse(1);
    const in30 = new Date(m.clock.now().getTime() + 30 * 86_400_000);
    const first = await grant(m.tenantId, user, courseId, 'subscription', in30, 'sub-1');
    expect(first.ok && first.value.created).to.equal(true);
    const again = await grant(m.tenantId, user, courseId, 'subscription', in30, 'sub-1');
    expect(again.ok && !again.value.created && again.value.enrollment.id === (first.ok && first.value.enrollment.id)).to.equal(true);
    expect(m.state.enrollments.size).to.equal(1);

    const in60 = new Date(m.clock.now().getTime() + 60 * 86_400_000);
    const extended = await grant(m.tenantId, user, courseId, 'order', in60, 'order-1');
    expect(extended.ok && extended.value.enrollment.expiresAt?.getTime()).to.equal(in60.getTime());
    expect(await m.learningAccess.isEnrolled(m.tenantId, user, courseId)).to.equal(true);
    try {
      m.clock.advance(61 * 86_400_000);
      expect(await m.learningAccess.isEnrolled(m.tenantId, user, courseId)).to.equal(false);
      const revived = await grant(m.tenantId, user, courseId, 'free', null);
      expect(revived.ok && revived.value.enrollment).to.include({ status: 'active', source: 'free', expiresAt: null });
      expect(await m.learningAccess.isEnrolled(m.tenantId, user, courseId)).to.equal(true);
    } finally {
      m.clock.reset();
    }
    expect((await grant(m.tenantId, user, user, 'admin', null)).ok).to.equal(false);
    const unknownUser = await grant(m.tenantId, courseId, courseId, 'admin', null);
    expect(!unknownUser.ok && unknownUser.error).to.equal('USER_NOT_FOUND');
    // Another tenant's course does not exist for this tenant.
    const other = memoryLearning();
    const foreign = await makeGrantEnrollment(other.deps)(other.tenantId, user, courseId, 'admin', null);
    expect(!foreign.ok && foreign.error).to.equal('COURSE_NOT_FOUND');
  });

  it('completion needs every published quiz passed too; the certificate is issued once, when assessment re-evaluates', async () => {
    const passed = new Map<string, QuizStatus>();
    const quizzes: CourseQuizRequirements = {
      status: async (_t, userId, courseId) => passed.get(`${userId}:${courseId}`) ?? { required: 1, passed: 0 },
      statusMany: async (_t, userIds, courseIds) =>
        new Map(
          userIds.flatMap((u) => courseIds.map((c) => [`${u}:${c}`, passed.get(`${u}:${c}`) ?? { required: 1, passed: 0 }] as const)),
        ),
    };
    const m = memoryLearning({ courseQuizRequirements: quizzes });
    const evaluate = makeEvaluateCourseCompletion(m.deps);
    const record = makeRecordProgress({
      ...m.deps,
      learningAccess: m.learningAccess,
      progressCalculator: m.progressCalculator,
      evaluateCourseCompletion: evaluate,
    });
    const userId = m.addUser(Role.Student, 'Dewi');
    const actor: Actor = { userId, role: Role.Student, tenantId: m.tenantId, homeTenantId: m.tenantId };
    const { courseId, lessonIds } = m.addCourse(2, { title: 'Chemistry' });
    await makeGrantEnrollment(m.deps)(m.tenantId, userId, courseId, 'admin', null);

    for (const lessonId of lessonIds) {
      const res = await record(actor, { lessonId, status: 'completed' });
      expect(res.ok && res.value.completion.issued).to.equal(false);
    }
    const halfway = await record(actor, { lessonId: lessonIds[0]!, status: 'completed' });
    expect(halfway.ok && halfway.value.course).to.include({ percentage: 66, completed: false, quizzesRequired: 1, quizzesPassed: 0 });
    expect(m.state.certificates.size).to.equal(0);

    passed.set(`${userId}:${courseId}`, { required: 1, passed: 1 });
    const outcomes = await Promise.all([evaluate(m.tenantId, userId, courseId), evaluate(m.tenantId, userId, courseId)]);
    expect(outcomes.filter((o) => o.issued)).to.have.length(1);
    expect(m.state.certificates.size).to.equal(1);
    const certificate = [...m.state.certificates.values()][0]!;
    expect(certificate).to.include({ studentName: 'Dewi', courseTitle: 'Chemistry', userId, courseId });
    expect(certificate.code).to.match(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await evaluate(m.tenantId, userId, courseId)).certificate?.id).to.equal(certificate.id);
  });

  it('progress on a course the user is not enrolled in is NOT_ENROLLED and records nothing', async () => {
    const m = memoryLearning();
    const evaluate = makeEvaluateCourseCompletion(m.deps);
    const record = makeRecordProgress({
      ...m.deps,
      learningAccess: m.learningAccess,
      progressCalculator: m.progressCalculator,
      evaluateCourseCompletion: evaluate,
    });
    const userId = m.addUser(Role.Student);
    const { lessonIds } = m.addCourse(1, { price: 100_000n });
    const res = await record(
      { userId, role: Role.Student, tenantId: m.tenantId, homeTenantId: m.tenantId },
      { lessonId: lessonIds[0]!, status: 'completed' },
    );
    expect(!res.ok && res.error).to.equal('NOT_ENROLLED');
    expect(m.state.progress.size).to.equal(0);
  });

  it('links a parent with a fresh code once; used, replaced and expired codes are refused', async () => {
    const m = memoryLearning();
    const issue = makeIssueLinkingCode(m.deps);
    const linkStudent = makeLinkStudent(m.deps);
    const studentId = m.addUser(Role.Student);
    const student: Actor = { userId: studentId, role: Role.Student, tenantId: m.tenantId, homeTenantId: m.tenantId };
    const parentOf = (): Actor => ({ userId: m.addUser(Role.Parent), role: Role.Parent, tenantId: m.tenantId, homeTenantId: m.tenantId });
    const parent = parentOf();

    const denied = await issue(parent);
    expect(!denied.ok && denied.error).to.equal('INSUFFICIENT_PERMISSION');
    const code = await issue(student);
    if (!code.ok) throw new Error('no code');
    expect(code.value.code).to.have.length(8);
    expect([...m.state.codes.values()][0]!.codeHash).to.equal(`digest:${code.value.code}`);
    const linked = await linkStudent(parent, meta, code.value.code);
    expect(linked.ok && linked.value.student.id).to.equal(studentId);
    expect(await m.learningAccess.isParentOf(m.tenantId, parent.userId, studentId)).to.equal(true);
    const reused = await linkStudent(parentOf(), meta, code.value.code);
    expect(!reused.ok && reused.error).to.equal('INVALID_LINKING_CODE');

    const old = await issue(student);
    const fresh = await issue(student);
    if (!old.ok || !fresh.ok) throw new Error('no code');
    expect((await linkStudent(parentOf(), meta, old.value.code)).ok).to.equal(false);
    try {
      m.clock.advance(24 * 3600_000 + 1);
      const expired = await linkStudent(parentOf(), meta, fresh.value.code);
      expect(!expired.ok && expired.error).to.equal('INVALID_LINKING_CODE');
    } finally {
      m.clock.reset();
    }
    // A code of another tenant is unknown here.
    const other = memoryLearning();
    const foreignStudent = other.addUser(Role.Student);
    const foreignCode = await makeIssueLinkingCode(other.deps)({
      userId: foreignStudent,
      role: Role.Student,
      tenantId: other.tenantId,
      homeTenantId: other.tenantId,
    });
    if (!foreignCode.ok) throw new Error('no code');
    expect((await linkStudent(parentOf(), meta, foreignCode.value.code)).ok).to.equal(false);
  });

  it("reorders modules only with exactly the course's modules", async () => {
    const m = memoryLearning();
    const reorder = makeReorderModules(m.deps);
    const admin: Actor = { userId: m.addUser(Role.Admin), role: Role.Admin, tenantId: m.tenantId, homeTenantId: m.tenantId };
    const a = m.addCourse(0);
    const b = m.addCourse(0);
    const second = m.state.modules.get(a.moduleId)!;
    const extra = { ...second, id: '00000000-0000-4000-8000-ffffffffffff', order: 2 };
    m.state.modules.set(extra.id, extra);
    const ok = await reorder(admin, meta, { moduleIds: [extra.id, a.moduleId] });
    expect(ok.ok && ok.value.map((x) => x.id)).to.deep.equal([extra.id, a.moduleId]);
    const foreign = await reorder(admin, meta, { moduleIds: [extra.id, b.moduleId] });
    expect(!foreign.ok && foreign.error).to.equal('INVALID_REORDER');
    expect(m.state.modules.get(extra.id)!.order).to.equal(1);
  });

  it('learningAccess resolves lessons within the tenant and answers access like the HTTP gate', async () => {
    const m = memoryLearning();
    const { courseId, moduleId, lessonIds } = m.addCourse(1, { price: 500_000n });
    const student = m.addUser(Role.Student);
    const mentor = m.addUser(Role.Mentor);
    const resolved = await m.learningAccess.resolveLesson(m.tenantId, lessonIds[0]!);
    expect(resolved?.course.id).to.equal(courseId);
    expect(resolved?.module.id).to.equal(moduleId);
    expect(await m.learningAccess.resolveLesson('other-tenant', lessonIds[0]!)).to.equal(null);
    expect((await m.learningAccess.resolveModule(m.tenantId, moduleId))?.course.id).to.equal(courseId);
    expect(await m.learningAccess.lessonContent(m.tenantId, lessonIds[0]!)).to.include({ title: 'L0', content: 'x', courseId });
    expect(await m.learningAccess.moduleIdsOfCourse(m.tenantId, courseId)).to.deep.equal([moduleId]);
    expect(await m.learningAccess.canAccessCourse({ tenantId: m.tenantId, userId: student, role: Role.Student }, courseId)).to.equal(false);
    expect(await m.learningAccess.canAccessCourse({ tenantId: m.tenantId, userId: mentor, role: Role.Mentor }, courseId)).to.equal(true);
    expect(await m.learningAccess.canAccessCourse({ tenantId: 'other-tenant', userId: mentor, role: Role.Mentor }, courseId)).to.equal(
      false,
    );
    await makeGrantEnrollment(m.deps)(m.tenantId, student, courseId, 'order', null, 'order-9');
    expect(await m.learningAccess.canAccessCourse({ tenantId: m.tenantId, userId: student, role: Role.Student }, courseId)).to.equal(true);
    const gate = await m.learningAccess.requireContentAccess(
      { tenantId: m.tenantId, userId: m.addUser(Role.Student), role: Role.Student },
      courseId,
    );
    expect(!gate.ok && gate.error).to.equal('NOT_ENROLLED');
  });
});
