import { expect } from 'chai';
import { Role, UserStatus } from '../../../domain/identity/role.js';
import type { LoginPrincipal } from '../../../application/identity/ports/login-repository.js';
import type { LoginClaim } from '../../../application/identity/login-claim.js';
import type { User } from '../../../domain/identity/user.js';
import {
  MemoryAssessmentState,
  MemoryAttemptRepository,
  MemoryQuestionRepository,
  MemoryQuizRepository,
  MemoryQuizResultsReader,
  MemorySubmissionRepository,
} from '../../../adapters/persistence/memory/assessment.memory.js';
import { questionExportWriter, questionImportParser } from '../../../adapters/parsers/question-import.parser.js';
import { makeCourseQuizRequirements, makeGradedWorkOnContent } from '../../../application/assessment/course-quiz-requirements.js';
import type { AssessmentDeps } from '../../../application/assessment/deps.js';
import type { UserRepository } from '../../../application/identity/ports/user-repository.js';
import type { OutgoingMail } from '../../../application/platform/ports.js';
import type { Actor } from '../../../application/shared/actor.js';
import { makeEvaluateCourseCompletion } from '../../../application/learning/use-cases/evaluate-course-completion.usecase.js';
import { makeGrantEnrollment } from '../../../application/learning/use-cases/grant-enrollment.usecase.js';
import { makeRecordProgress } from '../../../application/learning/use-cases/record-progress.usecase.js';
import { makeCreateQuiz } from '../../../application/assessment/use-cases/create-quiz.usecase.js';
import { makeCreateQuestion } from '../../../application/assessment/use-cases/create-question.usecase.js';
import { makePublishQuiz } from '../../../application/assessment/use-cases/publish-quiz.usecase.js';
import { makeStartAttempt } from '../../../application/assessment/use-cases/start-attempt.usecase.js';
import { makeSaveAnswer } from '../../../application/assessment/use-cases/save-answer.usecase.js';
import { makeSubmitAttempt } from '../../../application/assessment/use-cases/submit-attempt.usecase.js';
import { makeExpireOverdueAttempts } from '../../../application/assessment/use-cases/expire-overdue-attempts.usecase.js';
import { makeImportQuestions } from '../../../application/assessment/use-cases/import-questions.usecase.js';
import { MemoryResponseCountsReader } from '../../../adapters/persistence/memory/response-counts.memory.js';
import { makeGetQuizAnalytics } from '../../../application/assessment/use-cases/get-quiz-analytics.usecase.js';
import { makeSubmitAssignment } from '../../../application/assessment/use-cases/submit-assignment.usecase.js';
import { makeGradeAssignment } from '../../../application/assessment/use-cases/grade-assignment.usecase.js';
import { makeListGradingQueue } from '../../../application/assessment/use-cases/list-grading-queue.usecase.js';
import { makeGradeQuizAnswer } from '../../../application/assessment/use-cases/grade-quiz-answer.usecase.js';
import { makeListQuizEssays } from '../../../application/assessment/use-cases/list-quiz-essays.usecase.js';
import { makeExportQuestions } from '../../../application/assessment/use-cases/export-questions.usecase.js';
import { makeDeleteQuiz } from '../../../application/assessment/use-cases/delete-quiz.usecase.js';
import { makeUpdateQuiz } from '../../../application/assessment/use-cases/update-quiz.usecase.js';
import { makeUpdateQuestion } from '../../../application/assessment/use-cases/update-question.usecase.js';
import { makeListQuestionVersions } from '../../../application/assessment/use-cases/list-question-versions.usecase.js';
import { makeDeleteLesson } from '../../../application/learning/use-cases/delete-lesson.usecase.js';
import { makeDeleteModule } from '../../../application/learning/use-cases/delete-module.usecase.js';
import { memoryLearning } from '../learning/memory-learning.js';

const meta = { ip: null, userAgent: null };

/** Assessment use cases on memory adapters, over the learning memory world. */
function world() {
  const s = new MemoryAssessmentState();
  const quizRepository = new MemoryQuizRepository(s);
  // Each actor's login, as the answer save's read finds it.
  const principals = new Map<string, LoginPrincipal>();
  const attemptRepository = new MemoryAttemptRepository(s, { principal: async (loginId) => principals.get(loginId) ?? null });
  const m = memoryLearning({ courseQuizRequirements: makeCourseQuizRequirements({ quizRepository }) });
  const sent: Array<{ tenantId: string; mail: OutgoingMail }> = [];
  const users = new Map<string, User>();
  const userRepository = { findById: async (_t: string, id: string) => users.get(id) ?? null } as unknown as UserRepository;
  const d: AssessmentDeps = {
    quizRepository,
    questionRepository: new MemoryQuestionRepository(s),
    attemptRepository,
    quizResultsReader: new MemoryQuizResultsReader(s),
    responseCountsReader: new MemoryResponseCountsReader(s),
    submissionRepository: new MemorySubmissionRepository(s),
    questionImportParser,
    questionExportWriter,
    learningAccess: m.learningAccess,
    evaluateCourseCompletion: makeEvaluateCourseCompletion(m.deps),
    userRepository,
    mailer: {
      send: async (tenantId, mail) => {
        sent.push({ tenantId, mail });
        return { id: 'm', messageId: '<m@test>' };
      },
    },
    auditLog: m.deps.auditLog,
    domainEvents: m.deps.domainEvents,
    clock: m.clock,
    ids: m.deps.ids,
    random: { string: () => 'x', bytesHex: (n) => '9c'.repeat(n) },
    uow: m.deps.uow,
  };
  const actor = (role: number = Role.Student, name = 'Student'): Actor => {
    const userId = m.addUser(role as 1, name);
    users.set(userId, { id: userId, email: `${userId}@example.test`, displayName: name, deletedAt: null, role } as User);
    s.users.set(userId, { tenantId: m.tenantId, email: `${userId}@example.test`, displayName: name, role });
    const login = { loginId: `login-${userId}`, tenantId: m.tenantId, userId, username: name, role: role as 1, status: UserStatus.Active };
    principals.set(login.loginId, { ...login, revokedAt: null, expiresAt: new Date(Date.now() + 86_400_000) });
    return { userId, role: role as 1, tenantId: m.tenantId, homeTenantId: m.tenantId };
  };
  /** What a verified access token of the actor's login claims on a route for students and above. */
  const claim = (a: Actor): LoginClaim => ({
    via: 'token',
    loginId: `login-${a.userId}`,
    userId: a.userId,
    tenantId: a.tenantId,
    minimumRole: Role.Student,
  });
  const enrol = (a: Actor, courseId: string) => makeGrantEnrollment(m.deps)(m.tenantId, a.userId, courseId, 'admin', null);
  return { s, m, d, sent, actor, claim, enrol };
}

async function publishedQuiz(w: ReturnType<typeof world>, admin: Actor, fields: Record<string, unknown> = {}) {
  const course = w.m.addCourse(1);
  const quiz = await makeCreateQuiz(w.d)(admin, meta, { moduleId: course.moduleId, title: 'Q', passingScore: 50, ...fields });
  if (!quiz.ok) throw new Error(quiz.error);
  const q1 = await makeCreateQuestion(w.d)(admin, meta, quiz.value.id, { type: 'true_false', text: 'Yes?', correctAnswer: true });
  const q2 = await makeCreateQuestion(w.d)(admin, meta, quiz.value.id, { type: 'short_answer', text: 'Say hi', options: [{ text: 'hi' }] });
  if (!q1.ok || !q2.ok) throw new Error('question');
  expect((await makePublishQuiz(w.d)(admin, meta, quiz.value.id)).ok).to.equal(true);
  return { course, quiz: quiz.value, q1: q1.value, q2: q2.value };
}

describe('assessment use cases (memory adapters)', () => {
  it('starts within max_attempts, resumes the running attempt, and refuses past the limit', async () => {
    const w = world();
    const admin = w.actor(Role.Admin);
    const { course, quiz } = await publishedQuiz(w, admin, { maxAttempts: 1 });
    const student = w.actor();
    const start = makeStartAttempt(w.d);
    expect(await start(student, quiz.id)).to.deep.include({ ok: false, error: 'NOT_ENROLLED' });
    await w.enrol(student, course.courseId);
    const results = await Promise.all(Array.from({ length: 5 }, () => start(student, quiz.id)));
    const ids = new Set(results.map((r) => (r.ok ? r.value.attempt.id : r.error)));
    expect(ids.size).to.equal(1);
    expect(w.s.attempts.size).to.equal(1);
    const attemptId = [...ids][0]!;
    expect((await makeSubmitAttempt(w.d)(student, attemptId)).ok).to.equal(true);
    expect(await start(student, quiz.id)).to.deep.include({ ok: false, error: 'MAX_ATTEMPTS_REACHED' });
  });

  it('versions (issue 33): edits change version 1 in place until an attempt has seen the question, then each makes a version', async () => {
    const w = world();
    const admin = w.actor(Role.Admin);
    const { course, quiz, q1, q2 } = await publishedQuiz(w, admin);
    const update = makeUpdateQuestion(w.d);
    const versionsOf = async (id: string) => {
      const r = await makeListQuestionVersions(w.d)(admin, id);
      if (!r.ok) throw new Error(r.error);
      return r.value.map((v) => [v.version, v.question.text, v.replacedAt === null]);
    };
    expect(await update(admin, meta, q1.id, { text: 'Yes, before?' })).to.deep.include({ ok: true });
    expect(await versionsOf(q1.id)).to.deep.equal([[1, 'Yes, before?', true]]);

    const student = w.actor();
    await w.enrol(student, course.courseId);
    const started = await makeStartAttempt(w.d)(student, quiz.id);
    if (!started.ok) throw new Error(started.error);
    const edited = await update(admin, meta, q1.id, { text: 'Yes, after?' });
    expect(edited.ok && edited.value.version).to.equal(2);
    expect(await versionsOf(q1.id)).to.deep.equal([
      [2, 'Yes, after?', true],
      [1, 'Yes, before?', false],
    ]);
    // The attempt's snapshot keeps version 1 as it saw it.
    const seen = w.s.attemptQuestions.get(started.value.attempt.id)!.find((q) => q.id === q1.id)!;
    expect([seen.version, seen.text]).to.deep.equal([1, 'Yes, before?']);
    // Only the content counts: the same text again, or a new order, is no new version.
    expect(await update(admin, meta, q1.id, { text: 'Yes, after?', order: 2 })).to.deep.include({ ok: true });
    expect(await versionsOf(q1.id)).to.have.length(2);
    expect(await update(admin, meta, q1.id, { options: [] })).to.deep.include({ ok: false, error: 'INVALID_QUESTION' });
    expect(await versionsOf(q1.id)).to.have.length(2);
    expect(await update(admin, meta, 'missing', { text: 'x' })).to.deep.include({ ok: false, error: 'QUESTION_NOT_FOUND' });
    expect(await makeListQuestionVersions(w.d)(admin, 'missing')).to.deep.include({ ok: false, error: 'QUESTION_NOT_FOUND' });
    // q2 was seen but never edited: one version.
    expect(await versionsOf(q2.id)).to.deep.equal([[1, 'Say hi', true]]);
  });

  it('refuses an answer after the deadline and grades the attempt as expired with what it had', async () => {
    const w = world();
    const admin = w.actor(Role.Admin);
    const { course, quiz, q1, q2 } = await publishedQuiz(w, admin, { durationMinutes: 1 });
    const student = w.actor();
    await w.enrol(student, course.courseId);
    const started = await makeStartAttempt(w.d)(student, quiz.id);
    if (!started.ok) throw new Error(started.error);
    const save = makeSaveAnswer(w.d);
    expect((await save(w.claim(student), started.value.attempt.id, { questionId: q1.id, answer: [q1.options[0]!.id] })).ok).to.equal(true);
    const other = w.actor();
    expect(await save(w.claim(other), started.value.attempt.id, { questionId: q1.id, answer: [] })).to.deep.include({
      ok: false,
      error: 'ATTEMPT_NOT_FOUND',
    });
    w.m.clock.advance(60_000);
    try {
      expect(await save(w.claim(student), started.value.attempt.id, { questionId: q2.id, answer: ['hi'] })).to.deep.include({
        ok: false,
        error: 'ATTEMPT_DEADLINE_PASSED',
      });
      const a = w.s.attempts.get(started.value.attempt.id)!;
      expect(a).to.deep.include({ status: 'expired', score: 1, maxScore: 2, percentage: 50, passed: true });
      expect(await makeExpireOverdueAttempts(w.d)()).to.equal(0);
    } finally {
      w.m.clock.reset();
    }
  });

  it('the sweep grades overdue attempts of every tenant once; a pass completes the course', async () => {
    const w = world();
    const admin = w.actor(Role.Admin);
    const { course, quiz, q1, q2 } = await publishedQuiz(w, admin, { durationMinutes: 5 });
    const student = w.actor();
    await w.enrol(student, course.courseId);
    const record = makeRecordProgress({
      ...w.m.deps,
      learningAccess: w.m.learningAccess,
      progressCalculator: w.m.progressCalculator,
      evaluateCourseCompletion: w.d.evaluateCourseCompletion,
    });
    expect((await record(student, { lessonId: course.lessonIds[0]!, status: 'completed' })).ok).to.equal(true);
    expect(w.m.state.certificates.size).to.equal(0); // the quiz is still required
    const started = await makeStartAttempt(w.d)(student, quiz.id);
    if (!started.ok) throw new Error(started.error);
    await makeSaveAnswer(w.d)(w.claim(student), started.value.attempt.id, { questionId: q1.id, answer: [q1.options[0]!.id] });
    await makeSaveAnswer(w.d)(w.claim(student), started.value.attempt.id, { questionId: q2.id, answer: [' HI '] });
    w.m.clock.advance(5 * 60_000);
    try {
      const sweep = makeExpireOverdueAttempts(w.d);
      expect(await sweep()).to.equal(1);
      expect(await sweep()).to.equal(0);
      expect(w.s.attempts.get(started.value.attempt.id)).to.deep.include({ status: 'expired', score: 2, passed: true });
      expect(w.m.state.certificates.size).to.equal(1);
    } finally {
      w.m.clock.reset();
    }
  });

  it('imports all or nothing, and analytics read the memory store in one pass', async () => {
    const w = world();
    const admin = w.actor(Role.Admin);
    const { quiz } = await publishedQuiz(w, admin);
    const importer = makeImportQuestions(w.d);
    const bad = await importer(admin, meta, quiz.id, 'aiken', 'Q?\nA. a\nB. b\nANSWER: A\n\nQ2?\nA. a\nANSWER: A\n');
    expect(bad).to.deep.include({ ok: false, error: 'INVALID_IMPORT' });
    expect(w.s.questions.size).to.equal(2);
    const good = await importer(admin, meta, quiz.id, 'gift', 'One {=a ~b}\n\nTwo {F}');
    expect(good.ok && good.value.map((q) => q.order)).to.deep.equal([3, 4]);
    const stats = await makeGetQuizAnalytics(w.d)(admin, quiz.id, 'all');
    expect(stats.ok && stats.value.analytics.attempts).to.equal(0);
  });

  it('assignments: resubmit until graded; grading mails the student', async () => {
    const w = world();
    const course = w.m.addCourse(1);
    const student = w.actor(Role.Student, 'Dewi');
    await w.enrol(student, course.courseId);
    const submit = makeSubmitAssignment(w.d);
    const first = await submit(student, course.lessonIds[0]!, { fileUrl: 'https://x.test/1.pdf', notes: null });
    const again = await submit(student, course.lessonIds[0]!, { fileUrl: 'https://x.test/2.pdf', notes: 'v2' });
    expect(first.ok && again.ok && again.value.resubmitted && again.value.submission.revision).to.equal(2);
    const mentor = w.actor(Role.Mentor);
    const grade = makeGradeAssignment(w.d);
    expect(await grade(mentor, meta, first.ok ? first.value.submission.id : '', { score: 101, feedback: null })).to.deep.include({
      ok: false,
      error: 'INVALID_GRADE',
    });
    expect(w.sent).to.have.length(0);
    const graded = await grade(mentor, meta, first.ok ? first.value.submission.id : '', { score: 91, feedback: 'Good' });
    expect(graded.ok && graded.value).to.deep.include({ status: 'graded', score: 91, gradedBy: mentor.userId });
    expect(w.sent).to.have.length(1);
    expect(w.sent[0]!.mail.to).to.equal(`${student.userId}@example.test`);
    expect(w.sent[0]!.mail.text).to.include('Hello Dewi').and.include('91 / 100').and.include('Good');
    expect(await submit(student, course.lessonIds[0]!, { fileUrl: 'https://x.test/3.pdf', notes: null })).to.deep.include({
      ok: false,
      error: 'ASSIGNMENT_ALREADY_GRADED',
    });
    const outsider = w.actor();
    expect(await submit(outsider, course.lessonIds[0]!, { fileUrl: 'https://x.test/1.pdf', notes: null })).to.deep.include({
      ok: false,
      error: 'NOT_ENROLLED',
    });
  });

  it("nobody grades their own work or a peer's: graders grade and queue only users of a lower role", async () => {
    const w = world();
    const course = w.m.addCourse(1);
    const lessonId = course.lessonIds[0]!;
    const submit = makeSubmitAssignment(w.d);
    const [student, mentor, otherMentor, admin] = [w.actor(Role.Student), w.actor(Role.Mentor), w.actor(Role.Mentor), w.actor(Role.Admin)];
    const ids: Record<string, string> = {};
    for (const [name, who] of [
      ['student', student],
      ['mentor', mentor],
      ['admin', admin],
    ] as const) {
      await w.enrol(who, course.courseId);
      const s = await submit(who, lessonId, { fileUrl: `https://x.test/${name}.pdf`, notes: null });
      if (!s.ok) throw new Error(s.error);
      ids[name] = s.value.submission.id;
    }
    const grade = makeGradeAssignment(w.d);
    for (const [grader, id] of [
      [mentor, ids.mentor],
      [otherMentor, ids.mentor],
      [mentor, ids.admin],
      [admin, ids.admin],
    ] as const) {
      expect(await grade(grader, meta, id!, { score: 90, feedback: null })).to.deep.include({
        ok: false,
        error: 'INSUFFICIENT_PERMISSION',
      });
    }
    expect([...w.s.submissions.values()].every((x) => x.status === 'submitted')).to.equal(true);
    expect(w.sent).to.have.length(0);
    const queue = makeListGradingQueue(w.d);
    const seen = async (a: Actor) => (await queue(a, { status: 'submitted' }, { page: 1, pageSize: 10 })).items.map((x) => x.userId).sort();
    expect(await seen(mentor)).to.deep.equal([student.userId]);
    expect(await seen(admin)).to.deep.equal([student.userId, mentor.userId].sort());
    expect((await grade(admin, meta, ids.mentor!, { score: 80, feedback: null })).ok).to.equal(true);
    expect((await grade(mentor, meta, ids.student!, { score: 70, feedback: null })).ok).to.equal(true);
  });

  it('an expired attempt with an essay waits for its mark, then is expired again with its score; nobody marks their own', async () => {
    const w = world();
    const admin = w.actor(Role.Admin);
    const course = w.m.addCourse(1);
    const quiz = await makeCreateQuiz(w.d)(admin, meta, {
      moduleId: course.moduleId,
      title: 'Essays',
      passingScore: 50,
      durationMinutes: 1,
    });
    if (!quiz.ok) throw new Error(quiz.error);
    const essay = await makeCreateQuestion(w.d)(admin, meta, quiz.value.id, { type: 'essay', text: 'Why?', points: 3 });
    const weighted = await makeCreateQuestion(w.d)(admin, meta, quiz.value.id, {
      type: 'multiple_answer',
      text: 'Which?',
      points: 2,
      options: [
        { text: 'a', weight: 0.5 },
        { text: 'b', weight: 0.5 },
        { text: 'c', weight: -1 },
      ],
    });
    if (!essay.ok || !weighted.ok) throw new Error('question');
    expect((await makePublishQuiz(w.d)(admin, meta, quiz.value.id)).ok).to.equal(true);
    const student = w.actor();
    await w.enrol(student, course.courseId);
    const started = await makeStartAttempt(w.d)(student, quiz.value.id);
    if (!started.ok) throw new Error(started.error);
    const attemptId = started.value.attempt.id;
    await makeSaveAnswer(w.d)(w.claim(student), attemptId, { questionId: essay.value.id, answer: ['Because.'] });
    await makeSaveAnswer(w.d)(w.claim(student), attemptId, { questionId: weighted.value.id, answer: [weighted.value.options[0]!.id] });
    w.m.clock.advance(60_000);
    try {
      expect(await makeExpireOverdueAttempts(w.d)()).to.equal(1);
      expect(w.s.attempts.get(attemptId)).to.deep.include({ status: 'needs_grading', score: null, passed: null });
      const mentor = w.actor(Role.Mentor, 'Mentor');
      const queue = await makeListQuizEssays(w.d)(mentor, { status: 'pending' }, { page: 1, pageSize: 10 });
      expect(queue.items.map((x) => [x.attemptId, x.questionId, x.answer])).to.deep.equal([[attemptId, essay.value.id, ['Because.']]]);
      const grade = makeGradeQuizAnswer(w.d);
      expect(await grade(student, meta, attemptId, { questionId: essay.value.id, points: 3, feedback: null })).to.deep.include({
        ok: false,
        error: 'INSUFFICIENT_PERMISSION',
      });
      expect(await grade(mentor, meta, attemptId, { questionId: weighted.value.id, points: 2, feedback: null })).to.deep.include({
        ok: false,
        error: 'NOT_MANUALLY_GRADED',
      });
      const marked = await grade(mentor, meta, attemptId, { questionId: essay.value.id, points: 2, feedback: 'Say more' });
      expect(marked.ok).to.equal(true);
      // 1 (half of the weighted 2) + 2 of 5: expired again, now with a score.
      expect(w.s.attempts.get(attemptId)).to.deep.include({ status: 'expired', score: 3, percentage: 60, passed: true });
      expect(w.sent.map((x) => x.mail.template)).to.deep.equal(['assessment_essay_graded']);
      expect((await makeListQuizEssays(w.d)(mentor, { status: 'pending' }, { page: 1, pageSize: 10 })).total).to.equal(0);
      const stats = await makeGetQuizAnalytics(w.d)(admin, quiz.value.id, 'highest');
      expect(stats.ok && stats.value.analytics).to.deep.include({ attempts: 1, mean: 60 });
      const xml = await makeExportQuestions(w.d)(admin, quiz.value.id, 'moodle_xml');
      expect(xml.ok && xml.value.text)
        .to.include('<question type="essay">')
        .and.include('<question type="multichoice">');
    } finally {
      w.m.clock.reset();
    }
  });
  describe('graded work is not deleted by a content edit', () => {
    const deleters = (w: ReturnType<typeof world>) => {
      const learning = { ...w.m.deps, gradedWorkOnContent: makeGradedWorkOnContent(w.d) };
      return { quiz: makeDeleteQuiz(w.d), lesson: makeDeleteLesson(learning), module: makeDeleteModule(learning) };
    };

    it('refuses a quiz with an attempt (unpublishing still works, the attempt stays) and deletes one without', async () => {
      const w = world();
      const admin = w.actor(Role.Admin);
      const { course, quiz } = await publishedQuiz(w, admin);
      const untouched = await publishedQuiz(w, admin);
      const student = w.actor();
      await w.enrol(student, course.courseId);
      const started = await makeStartAttempt(w.d)(student, quiz.id);
      if (!started.ok) throw new Error(started.error);
      const del = deleters(w);
      expect(await del.quiz(admin, meta, quiz.id)).to.deep.equal({ ok: false, error: 'QUIZ_IN_USE', detail: '1 quiz attempt(s)' });
      expect(w.s.quizzes.has(quiz.id) && w.s.attempts.has(started.value.attempt.id)).to.equal(true);
      const unpublished = await makeUpdateQuiz(w.d)(admin, meta, quiz.id, { status: 'draft' });
      expect(unpublished.ok && unpublished.value.quiz.status).to.equal('draft');
      expect(await del.module(admin, meta, course.moduleId)).to.deep.equal({
        ok: false,
        error: 'MODULE_IN_USE',
        detail: '1 quiz attempt(s)',
      });
      expect(await del.quiz(admin, meta, untouched.quiz.id)).to.deep.equal({ ok: true, value: null });
      expect(w.s.quizzes.has(untouched.quiz.id)).to.equal(false);
      expect(await del.quiz(admin, meta, untouched.quiz.id)).to.deep.include({ ok: false, error: 'QUIZ_NOT_FOUND' });
    });

    it('refuses a lesson with progress or a submission, and the module holding it; deletes empty ones', async () => {
      const w = world();
      const admin = w.actor(Role.Admin);
      const course = w.m.addCourse(3);
      const [withProgress, withSubmission, bare] = course.lessonIds as [string, string, string];
      const student = w.actor();
      await w.enrol(student, course.courseId);
      const record = makeRecordProgress({
        ...w.m.deps,
        learningAccess: w.m.learningAccess,
        progressCalculator: w.m.progressCalculator,
        evaluateCourseCompletion: w.d.evaluateCourseCompletion,
      });
      expect((await record(student, { lessonId: withProgress, status: 'in_progress' })).ok).to.equal(true);
      expect((await makeSubmitAssignment(w.d)(student, withSubmission, { fileUrl: 'https://x.test/a.pdf', notes: null })).ok).to.equal(
        true,
      );
      const del = deleters(w);
      expect(await del.lesson(admin, meta, withProgress)).to.deep.equal({
        ok: false,
        error: 'LESSON_IN_USE',
        detail: '1 progress record(s)',
      });
      expect(await del.lesson(admin, meta, withSubmission)).to.deep.equal({
        ok: false,
        error: 'LESSON_IN_USE',
        detail: '1 assignment submission(s)',
      });
      expect(await del.module(admin, meta, course.moduleId)).to.deep.equal({
        ok: false,
        error: 'MODULE_IN_USE',
        detail: '1 progress record(s), 1 assignment submission(s)',
      });
      expect(w.m.state.lessons.size).to.equal(3);
      expect(await del.lesson(admin, meta, bare)).to.deep.equal({ ok: true, value: null });
      const empty = w.m.addCourse(1);
      expect(await del.module(admin, meta, empty.moduleId)).to.deep.equal({ ok: true, value: null });
      expect(w.m.state.modules.has(empty.moduleId) || w.m.state.lessons.has(empty.lessonIds[0]!)).to.equal(false);
      expect(await del.lesson(admin, meta, bare)).to.deep.include({ ok: false, error: 'LESSON_NOT_FOUND' });
    });
  });
});
