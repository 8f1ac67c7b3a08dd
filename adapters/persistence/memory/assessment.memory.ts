import type { LoginRepository } from '../../../application/identity/ports/login-repository.js';
import type { Quiz } from '../../../domain/assessment/quiz.js';
import { byQuestionOrder, type Question, type QuestionVersion } from '../../../domain/assessment/question.js';
import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import { graded, type Submission } from '../../../domain/assessment/assignment.js';
import { accumulate } from '../../../domain/assessment/analytics.js';
import type { QuestionRepository, QuizFilter, QuizRepository } from '../../../application/assessment/ports/quiz-repository.js';
import type {
  AttemptRepository,
  AttemptSummary,
  AttemptWithQuestion,
  MarkingFilter,
  MarkingItem,
} from '../../../application/assessment/ports/attempt-repository.js';
import type {
  AttemptSelection,
  QuizResultsReader,
  ResultCursor,
  ResultRow,
} from '../../../application/assessment/ports/quiz-results-reader.js';
import type {
  LessonAssignmentSummary,
  SubmissionFilter,
  SubmissionRepository,
  SubmissionView,
  SubmitOutcome,
} from '../../../application/assessment/ports/submission-repository.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { inTenant } from './tenant-rows.js';
import { hash32 } from '../../../domain/assessment/shuffle.js';
import { accumulateRandomSlots, type SlottedAttemptMarks } from '../../../domain/assessment/random-slot-statistics.js';
import {
  candidatesNeeded,
  defaultCategoryName,
  rankingGroups,
  subtreeIds,
  type BankQuestion,
  type QuestionCategory,
  type RandomSlot,
} from '../../../domain/assessment/question-bank.js';
import type { QuestionBankRepository } from '../../../application/assessment/ports/question-bank-repository.js';

/**
 * The assessment tables in memory, plus the few facts of other contexts that SQL reads by joins
 * (users' names, lessons' titles and order, courses' titles): tests register them.
 */
export class MemoryAssessmentState {
  readonly quizzes = new Map<string, Quiz>();
  readonly questions = new Map<string, Question>();
  readonly attempts = new Map<string, Attempt>();
  /** Key `${attemptId}:${questionId}`. */
  readonly answers = new Map<string, AttemptAnswer>();
  readonly submissions = new Map<string, Submission>();
  readonly users = new Map<string, { tenantId: string; email: string; displayName: string; role?: number }>();
  readonly lessons = new Map<string, { title: string; courseId: string; order: number }>();
  readonly courses = new Map<string, { title: string }>();
  readonly categories = new Map<string, QuestionCategory>();
  readonly randomSlots = new Map<string, RandomSlot>();
  /** An attempt's questions as it started (the attempts' snapshots, which statistics read too). */
  readonly attemptQuestions = new Map<string, Question[]>();
  /** Question id → category id (the SQL column `category_id`). */
  readonly questionCategory = new Map<string, string>();
  /** Question id → its superseded versions, oldest first (the SQL table `question_versions`). */
  readonly questionVersions = new Map<string, QuestionVersion[]>();

  /** As the SQL upsert: the course's default category, created on first need. */
  defaultCategory(tenantId: string, courseId: string, name: string, at: Date): QuestionCategory {
    const found = [...this.categories.values()].find((c) => c.tenantId === tenantId && c.courseId === courseId && c.isDefault);
    if (found) return found;
    const created: QuestionCategory = {
      id: crypto.randomUUID(),
      tenantId,
      courseId,
      parentId: null,
      name,
      isDefault: true,
      createdAt: at,
      updatedAt: at,
    };
    this.categories.set(created.id, created);
    return created;
  }
}

const own = <T extends { tenantId: string }>(row: T | undefined, tenantId: string): T | null =>
  row && row.tenantId === tenantId ? clone(row) : null;

export class MemoryQuizRepository implements QuizRepository {
  constructor(private readonly s: MemoryAssessmentState) {}
  async findById(tenantId: string, id: string) {
    return own(this.s.quizzes.get(id), tenantId);
  }
  async lock(tenantId: string, id: string) {
    return this.findById(tenantId, id);
  }
  async lockByModule(tenantId: string, moduleId: string) {
    return inTenant(this.s.quizzes.values(), tenantId)
      .filter((q) => q.moduleId === moduleId)
      .map((q) => q.id);
  }
  async lockByCourse(tenantId: string, courseId: string) {
    return inTenant(this.s.quizzes.values(), tenantId)
      .filter((q) => q.courseId === courseId)
      .map((q) => q.id);
  }
  async list(tenantId: string, f: QuizFilter, page: PageRequest) {
    const all = inTenant(this.s.quizzes.values(), tenantId)
      .filter(
        (q) =>
          (!f.moduleId || q.moduleId === f.moduleId) &&
          (!f.courseId || q.courseId === f.courseId) &&
          (!f.publishedOnly || q.status === 'published'),
      )
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async insert(q: Quiz) {
    this.s.quizzes.set(q.id, clone(q));
  }
  async update(q: Quiz) {
    const current = this.s.quizzes.get(q.id);
    if (current?.tenantId === q.tenantId)
      this.s.quizzes.set(q.id, { ...clone(q), createdAt: current.createdAt, createdBy: current.createdBy });
  }
  async delete(tenantId: string, id: string) {
    if (this.s.quizzes.get(id)?.tenantId !== tenantId) return false;
    this.s.quizzes.delete(id);
    for (const [k, q] of this.s.questions) if (q.quizId === id) this.s.questions.delete(k);
    for (const [k, a] of this.s.attempts)
      if (a.quizId === id) {
        this.s.attempts.delete(k);
        for (const [ak, ans] of this.s.answers) if (ans.attemptId === a.id) this.s.answers.delete(ak);
      }
    return true;
  }
  async requirementStatus(tenantId: string, userIds: readonly string[], courseIds: readonly string[]) {
    const out = new Map<string, { required: number; passed: number }>();
    const published = inTenant(this.s.quizzes.values(), tenantId).filter((q) => q.status === 'published' && courseIds.includes(q.courseId));
    const attempts = inTenant(this.s.attempts.values(), tenantId);
    for (const userId of userIds) {
      for (const q of published) {
        const key = `${userId}:${q.courseId}`;
        const status = out.get(key) ?? { required: 0, passed: 0 };
        status.required++;
        if (attempts.some((a) => a.quizId === q.id && a.userId === userId && a.passed)) status.passed++;
        out.set(key, status);
      }
    }
    return out;
  }
  async countPublished(tenantId: string) {
    return inTenant(this.s.quizzes.values(), tenantId).filter((q) => q.status === 'published').length;
  }
}

export class MemoryQuestionRepository implements QuestionRepository {
  constructor(private readonly s: MemoryAssessmentState) {}
  async findById(tenantId: string, id: string) {
    return own(this.s.questions.get(id), tenantId);
  }
  async lock(tenantId: string, id: string) {
    return own(this.s.questions.get(id), tenantId);
  }
  async seenByAttempt(tenantId: string, id: string) {
    return inTenant(this.s.attempts.values(), tenantId).some((a) => this.s.attemptQuestions.get(a.id)?.some((q) => q.id === id));
  }
  async archiveVersion(question: Question, at: Date) {
    const kept = this.s.questionVersions.get(question.id) ?? [];
    const version = question.version ?? 1;
    // As the SQL primary key: a version is archived once.
    if (kept.some((v) => v.version === version)) throw new Error(`question ${question.id} version ${version} archived twice`);
    this.s.questionVersions.set(question.id, [...kept, { version, question: clone(question), replacedAt: at }]);
  }
  async versions(tenantId: string, id: string) {
    if (this.s.questions.get(id)?.tenantId !== tenantId) return [];
    return (this.s.questionVersions.get(id) ?? []).map(clone);
  }
  async listByQuiz(tenantId: string, quizId: string) {
    return inTenant(this.s.questions.values(), tenantId)
      .filter((q) => q.quizId === quizId)
      .sort(byQuestionOrder)
      .map(clone);
  }
  async statsByQuizzes(tenantId: string, quizIds: readonly string[]) {
    const out = new Map<string, { count: number; maxScore: number }>();
    for (const q of inTenant(this.s.questions.values(), tenantId)) {
      if (!quizIds.includes(q.quizId)) continue;
      const s = out.get(q.quizId) ?? { count: 0, maxScore: 0 };
      out.set(q.quizId, { count: s.count + (q.type === 'description' ? 0 : 1), maxScore: s.maxScore + q.points });
    }
    for (const slot of inTenant(this.s.randomSlots.values(), tenantId)) {
      if (!quizIds.includes(slot.quizId)) continue;
      const s = out.get(slot.quizId) ?? { count: 0, maxScore: 0 };
      out.set(slot.quizId, { count: s.count + slot.count, maxScore: s.maxScore + slot.count * slot.points });
    }
    return out;
  }
  async insertMany(questions: readonly Question[]) {
    for (const q of questions) {
      // Filed in the course's default category when it comes without one (as the SQL adapter does);
      // kept apart from the stored question, so that reads answer what was written.
      const quiz = this.s.quizzes.get(q.quizId);
      if (!q.categoryId && quiz)
        this.s.questionCategory.set(
          q.id,
          this.s.defaultCategory(
            q.tenantId,
            quiz.courseId,
            defaultCategoryName(this.s.courses.get(quiz.courseId)?.title ?? 'course'),
            q.createdAt,
          ).id,
        );
      this.s.questions.set(q.id, clone(q));
    }
  }
  async update(q: Question) {
    const current = this.s.questions.get(q.id);
    if (current?.tenantId === q.tenantId) this.s.questions.set(q.id, { ...clone(q), quizId: current.quizId, createdAt: current.createdAt });
  }
  async delete(tenantId: string, id: string) {
    if (this.s.questions.get(id)?.tenantId !== tenantId) return false;
    this.s.questions.delete(id);
    this.s.questionVersions.delete(id);
    for (const [k, a] of this.s.answers) if (a.questionId === id) this.s.answers.delete(k);
    return true;
  }
  async setOrder(tenantId: string, quizId: string, orderedIds: readonly string[], at: Date) {
    orderedIds.forEach((id, i) => {
      const q = this.s.questions.get(id);
      if (q && q.tenantId === tenantId && q.quizId === quizId) this.s.questions.set(id, { ...q, order: i + 1, updatedAt: at });
    });
  }
  async nextOrder(tenantId: string, quizId: string) {
    const slots = inTenant(this.s.randomSlots.values(), tenantId)
      .filter((r) => r.quizId === quizId)
      .map((r) => r.order);
    return (
      Math.max(
        0,
        ...inTenant(this.s.questions.values(), tenantId)
          .filter((q) => q.quizId === quizId)
          .map((q) => q.order),
        ...slots,
      ) + 1
    );
  }
  async shiftFrom(tenantId: string, quizId: string, fromOrder: number, at: Date) {
    for (const q of inTenant(this.s.questions.values(), tenantId))
      if (q.quizId === quizId && q.order >= fromOrder) this.s.questions.set(q.id, { ...q, order: q.order + 1, updatedAt: at });
  }
}

export class MemoryAttemptRepository implements AttemptRepository {
  /** `logins`: where the answer save's read finds the caller's login (identity's memory repository). */
  constructor(
    private readonly s: MemoryAssessmentState,
    private readonly logins: Pick<LoginRepository, 'principal'> = { principal: async () => null },
  ) {}
  private mine(tenantId: string, quizId: string, userId: string) {
    return inTenant(this.s.attempts.values(), tenantId).filter((a) => a.quizId === quizId && a.userId === userId);
  }
  async findById(tenantId: string, id: string) {
    return own(this.s.attempts.get(id), tenantId);
  }
  async lock(tenantId: string, id: string) {
    return own(this.s.attempts.get(id), tenantId);
  }
  async findInProgress(tenantId: string, quizId: string, userId: string) {
    const a = this.mine(tenantId, quizId, userId).find((x) => x.status === 'in_progress');
    return a ? clone(a) : null;
  }
  /** The question snapshot of each attempt, by attempt id. */
  private readonly snapshots = new Map<string, Question[]>();
  async insertNext(a: Omit<Attempt, 'attemptNumber'>, maxAttempts: number, questions: readonly Question[]) {
    // No await between the checks and the write: atomic in one event loop turn, as the SQL statement.
    const existing = this.mine(a.tenantId, a.quizId, a.userId);
    if (existing.some((x) => x.status === 'in_progress')) return null;
    const next = Math.max(0, ...existing.map((x) => x.attemptNumber)) + 1;
    if (maxAttempts !== 0 && next > maxAttempts) return null;
    const attempt: Attempt = { ...clone(a), attemptNumber: next };
    this.s.attempts.set(attempt.id, attempt);
    this.snapshots.set(attempt.id, questions.map(clone));
    this.s.attemptQuestions.set(attempt.id, questions.map(clone));
    return clone(attempt);
  }
  async questionsOf(tenantId: string, attemptId: string) {
    const kept = own(this.s.attempts.get(attemptId), tenantId) && this.snapshots.get(attemptId);
    return kept ? kept.map(clone) : null;
  }
  async findWithQuestion(loginId: string, tenantId: string, attemptId: string, questionId: string) {
    const principal = await this.logins.principal(loginId);
    const attempt = await this.findById(tenantId, attemptId);
    const kept = this.snapshots.get(attemptId);
    const question = kept?.find((q) => q.id === questionId);
    const found: AttemptWithQuestion | null = !attempt
      ? null
      : kept
        ? { attempt, kept: true, question: question ? clone(question) : null }
        : { attempt, kept: false };
    return { principal, attempt: found };
  }
  async countByUser(tenantId: string, quizId: string, userId: string) {
    return this.mine(tenantId, quizId, userId).length;
  }
  async countOnQuizzes(tenantId: string, quizIds: readonly string[]) {
    return inTenant(this.s.attempts.values(), tenantId).filter((a) => quizIds.includes(a.quizId)).length;
  }
  async list(tenantId: string, quizId: string, f: { userId?: string | undefined }, page: PageRequest) {
    const all = inTenant(this.s.attempts.values(), tenantId)
      .filter((a) => a.quizId === quizId && (!f.userId || a.userId === f.userId))
      .sort((x, y) => y.startedAt.getTime() - x.startedAt.getTime() || (x.id < y.id ? 1 : -1));
    return pageOf(all.map(clone), page);
  }
  async summaries(tenantId: string, userId: string, quizIds: readonly string[]) {
    const out = new Map<string, AttemptSummary>();
    for (const a of inTenant(this.s.attempts.values(), tenantId)) {
      if (a.userId !== userId || !quizIds.includes(a.quizId)) continue;
      const s = out.get(a.quizId) ?? { quizId: a.quizId, attempts: 0, bestPercentage: null, passed: false, inProgressId: null };
      s.attempts++;
      if (a.status !== 'in_progress' && a.percentage !== null) s.bestPercentage = Math.max(s.bestPercentage ?? 0, a.percentage);
      if (a.passed) s.passed = true;
      if (a.status === 'in_progress') s.inProgressId = a.id;
      out.set(a.quizId, s);
    }
    return out;
  }
  async listAnswers(tenantId: string, attemptId: string) {
    return inTenant(this.s.answers.values(), tenantId)
      .filter((a) => a.attemptId === attemptId)
      .map(clone);
  }
  async saveAnswerIfOpen(answer: AttemptAnswer, userId: string, now: Date) {
    const a = this.s.attempts.get(answer.attemptId);
    if (!a || a.tenantId !== answer.tenantId || a.userId !== userId || a.status !== 'in_progress' || (a.deadlineAt && a.deadlineAt <= now))
      return false;
    await this.saveAnswer(answer);
    return true;
  }
  async saveAnswer(answer: AttemptAnswer) {
    const key = `${answer.attemptId}:${answer.questionId}`;
    const prior = this.s.answers.get(key);
    this.s.answers.set(key, {
      ...(prior ?? clone(answer)),
      answer: clone(answer.answer),
      answeredAt: answer.answeredAt,
      updatedAt: answer.updatedAt,
    });
  }
  async finalise(attempt: Attempt, answers: readonly AttemptAnswer[]) {
    const current = this.s.attempts.get(attempt.id);
    if (!current || current.tenantId !== attempt.tenantId || current.status !== 'in_progress') return false;
    this.s.attempts.set(attempt.id, {
      ...clone(attempt),
      attemptNumber: current.attemptNumber,
      seed: current.seed,
      startedAt: current.startedAt,
      deadlineAt: current.deadlineAt,
    });
    for (const a of answers) this.s.answers.set(`${a.attemptId}:${a.questionId}`, clone(a));
    return true;
  }
  async saveMark(attempt: Attempt, answer: AttemptAnswer) {
    const current = this.s.attempts.get(attempt.id);
    if (!current || current.tenantId !== attempt.tenantId) return;
    this.s.attempts.set(attempt.id, {
      ...current,
      status: attempt.status,
      score: attempt.score,
      percentage: attempt.percentage,
      passed: attempt.passed,
      updatedAt: attempt.updatedAt,
    });
    this.s.answers.set(`${answer.attemptId}:${answer.questionId}`, clone(answer));
  }
  async listMarking(tenantId: string, f: MarkingFilter, page: PageRequest) {
    const items: Array<MarkingItem & { attemptStatus: string }> = [];
    for (const ans of inTenant(this.s.answers.values(), tenantId)) {
      const a = this.s.attempts.get(ans.attemptId);
      const u = a && this.s.users.get(a.userId);
      if (!a || !u || a.userId === f.graderId || (u.role ?? 1) >= f.graderRole) continue;
      const pending = a.status === 'needs_grading' && ans.pointsAwarded === null && ans.maxPoints !== null;
      const graded = ans.gradedBy !== null;
      if (!(f.status === 'pending' ? pending : f.status === 'graded' ? graded : pending || graded)) continue;
      const quiz = this.s.quizzes.get(a.quizId);
      if ((f.quizId && a.quizId !== f.quizId) || (f.courseId && quiz?.courseId !== f.courseId)) continue;
      const question = this.snapshots.get(a.id)?.find((x) => x.id === ans.questionId) ?? this.s.questions.get(ans.questionId);
      items.push({
        attemptId: a.id,
        attemptStatus: a.status,
        quizId: a.quizId,
        quizTitle: quiz?.title ?? null,
        courseId: quiz?.courseId ?? null,
        questionId: ans.questionId,
        questionText: question?.text ?? null,
        maxPoints: ans.maxPoints ?? 0,
        answer: clone(ans.answer),
        pointsAwarded: ans.pointsAwarded,
        feedback: ans.feedback,
        gradedBy: ans.gradedBy,
        gradedAt: ans.gradedAt,
        submittedAt: a.submittedAt,
        student: { id: a.userId, displayName: u.displayName, email: u.email },
      });
    }
    const key = (x: MarkingItem) => `${x.attemptId}:${x.questionId}`;
    items.sort(
      f.status === 'graded'
        ? (x, y) => (y.gradedAt?.getTime() ?? 0) - (x.gradedAt?.getTime() ?? 0) || (key(x) < key(y) ? 1 : -1)
        : (x, y) => (x.submittedAt?.getTime() ?? 0) - (y.submittedAt?.getTime() ?? 0) || (key(x) < key(y) ? -1 : 1),
    );
    return pageOf(
      items.map(({ attemptStatus: _s, ...x }) => x),
      page,
    );
  }
  private overdueRows(now: Date) {
    return [...this.s.attempts.values()]
      .filter((a) => a.status === 'in_progress' && a.deadlineAt !== null && a.deadlineAt.getTime() <= now.getTime())
      .sort((x, y) => x.deadlineAt!.getTime() - y.deadlineAt!.getTime());
  }
  async overdue(tenantId: string, now: Date, f: { quizId?: string | undefined; userId?: string | undefined }, limit: number) {
    return this.overdueRows(now)
      .filter((a) => a.tenantId === tenantId && (!f.quizId || a.quizId === f.quizId) && (!f.userId || a.userId === f.userId))
      .slice(0, limit)
      .map((a) => a.id);
  }
  async overdueInAllTenants(now: Date, limit: number) {
    return this.overdueRows(now)
      .slice(0, limit)
      .map((a) => ({ tenantId: a.tenantId, id: a.id }));
  }
  async countStartedSince(tenantId: string, since: Date) {
    return inTenant(this.s.attempts.values(), tenantId).filter((a) => a.startedAt.getTime() >= since.getTime()).length;
  }
  async countRunning(tenantId: string, userId: string, now: Date) {
    return inTenant(this.s.attempts.values(), tenantId).filter(
      (a) => a.userId === userId && a.status === 'in_progress' && (a.deadlineAt === null || a.deadlineAt.getTime() > now.getTime()),
    ).length;
  }
}

/** The attempts the statistics count: graded ones, all or per user the first, last or highest (Moodle's "attempts to analyse"). */
export function selectedAttempts(s: MemoryAssessmentState, tenantId: string, quizId: string, selection: AttemptSelection): Attempt[] {
  const graded = inTenant(s.attempts.values(), tenantId).filter(
    (a) => a.quizId === quizId && (a.status === 'submitted' || a.status === 'expired'),
  );
  if (selection === 'all') return graded;
  // Whether attempt x is kept over y for its user.
  const better = (x: Attempt, y: Attempt) =>
    selection === 'first'
      ? x.attemptNumber < y.attemptNumber
      : selection === 'last'
        ? x.attemptNumber > y.attemptNumber
        : (x.score ?? 0) > (y.score ?? 0) || ((x.score ?? 0) === (y.score ?? 0) && x.attemptNumber < y.attemptNumber);
  const kept = new Map<string, Attempt>();
  for (const a of graded) if (!kept.has(a.userId) || better(a, kept.get(a.userId)!)) kept.set(a.userId, a);
  return [...kept.values()];
}

export class MemoryQuizResultsReader implements QuizResultsReader {
  constructor(private readonly s: MemoryAssessmentState) {}
  async exportPage(tenantId: string, quizId: string, cursor: ResultCursor | null, limit: number): Promise<ResultRow[]> {
    const after = (a: Attempt) =>
      !cursor ||
      a.startedAt.getTime() > cursor.startedAt.getTime() ||
      (a.startedAt.getTime() === cursor.startedAt.getTime() && a.id > cursor.id);
    return inTenant(this.s.attempts.values(), tenantId)
      .filter((a) => a.quizId === quizId && after(a))
      .sort((x, y) => x.startedAt.getTime() - y.startedAt.getTime() || (x.id < y.id ? -1 : 1))
      .slice(0, limit)
      .map((a) => {
        const u = this.s.users.get(a.userId);
        return {
          attemptId: a.id,
          userId: a.userId,
          email: u?.email ?? null,
          displayName: u?.displayName ?? null,
          attemptNumber: a.attemptNumber,
          status: a.status,
          startedAt: a.startedAt,
          submittedAt: a.submittedAt,
          score: a.score,
          maxScore: a.maxScore,
          percentage: a.percentage,
          passed: a.passed,
        };
      });
  }
  async moments(tenantId: string, quizId: string, selection: AttemptSelection) {
    const graded = selectedAttempts(this.s, tenantId, quizId, selection);
    const answers = [...this.s.answers.values()];
    const rows: SlottedAttemptMarks[] = graded.map((a) => {
      const drawnAt = new Map((this.s.attemptQuestions.get(a.id) ?? []).filter((q) => q.drawnAt).map((q) => [q.id, q.drawnAt]));
      return {
        percentage: a.percentage ?? 0,
        passed: a.passed ?? false,
        score: a.score ?? 0,
        maxScore: a.maxScore,
        marks: answers
          .filter((x) => x.attemptId === a.id && x.pointsAwarded !== null)
          .map((x) => ({
            questionId: x.questionId,
            points: x.pointsAwarded!,
            maxPoints: x.maxPoints ?? 0,
            isCorrect: x.isCorrect ?? false,
            drawnAt: drawnAt.get(x.questionId),
          })),
      };
    });
    return { ...accumulate(rows), ...accumulateRandomSlots(rows) };
  }
}

export class MemorySubmissionRepository implements SubmissionRepository {
  constructor(private readonly s: MemoryAssessmentState) {}
  async findById(tenantId: string, id: string) {
    return own(this.s.submissions.get(id), tenantId);
  }
  async findByUserLesson(tenantId: string, userId: string, lessonId: string) {
    const x = inTenant(this.s.submissions.values(), tenantId).find((s) => s.userId === userId && s.lessonId === lessonId);
    return x ? clone(x) : null;
  }
  async submit(sub: Submission): Promise<SubmitOutcome> {
    const current = inTenant(this.s.submissions.values(), sub.tenantId).find((s) => s.userId === sub.userId && s.lessonId === sub.lessonId);
    if (!current) {
      this.s.submissions.set(sub.id, clone(sub));
      return { outcome: 'created', submission: clone(sub) };
    }
    if (current.status !== 'submitted') return { outcome: 'graded' };
    const next: Submission = {
      ...current,
      fileUrl: sub.fileUrl,
      notes: sub.notes,
      submittedAt: sub.submittedAt,
      updatedAt: sub.updatedAt,
      revision: current.revision + 1,
    };
    this.s.submissions.set(current.id, next);
    return { outcome: 'resubmitted', submission: clone(next) };
  }
  async grade(tenantId: string, id: string, g: { score: number; feedback: string | null; gradedBy: string; gradedAt: Date }) {
    const current = this.s.submissions.get(id);
    if (!current || current.tenantId !== tenantId) return null;
    const next = graded(current, g.score, g.feedback, g.gradedBy, g.gradedAt);
    this.s.submissions.set(id, next);
    return clone(next);
  }
  private matching(tenantId: string, f: SubmissionFilter) {
    return inTenant(this.s.submissions.values(), tenantId).filter(
      (s) =>
        (!f.status || s.status === f.status) &&
        (!f.courseId || s.courseId === f.courseId) &&
        (!f.lessonId || s.lessonId === f.lessonId) &&
        (!f.lessonIds || f.lessonIds.includes(s.lessonId)) &&
        (!f.userId || s.userId === f.userId) &&
        (f.authorRoleBelow === undefined || (this.s.users.get(s.userId)?.role ?? Infinity) < f.authorRoleBelow),
    );
  }
  async list(tenantId: string, f: SubmissionFilter, page: PageRequest) {
    const sign = f.status === 'submitted' ? 1 : -1;
    const all = this.matching(tenantId, f).sort(
      (a, b) => sign * (a.submittedAt.getTime() - b.submittedAt.getTime() || (a.id < b.id ? -1 : 1)),
    );
    return pageOf(
      all.map((s): SubmissionView => {
        const u = this.s.users.get(s.userId);
        return {
          ...clone(s),
          student: u && u.tenantId === tenantId ? { id: s.userId, displayName: u.displayName, email: u.email } : null,
          lessonTitle: this.s.lessons.get(s.lessonId)?.title ?? null,
          courseTitle: this.s.courses.get(s.courseId)?.title ?? null,
        };
      }),
      page,
    );
  }
  async courseSummary(tenantId: string, courseId: string, userId?: string): Promise<LessonAssignmentSummary[]> {
    const by = new Map<string, { total: number; pending: number; graded: number; sum: number }>();
    for (const s of this.matching(tenantId, { courseId, userId })) {
      const x = by.get(s.lessonId) ?? { total: 0, pending: 0, graded: 0, sum: 0 };
      x.total++;
      if (s.status === 'submitted') x.pending++;
      else {
        x.graded++;
        x.sum += s.score ?? 0;
      }
      by.set(s.lessonId, x);
    }
    return [...by]
      .sort(([a], [b]) => (this.s.lessons.get(a)?.order ?? 0) - (this.s.lessons.get(b)?.order ?? 0))
      .map(([lessonId, x]) => ({
        lessonId,
        lessonTitle: this.s.lessons.get(lessonId)?.title ?? null,
        total: x.total,
        pending: x.pending,
        graded: x.graded,
        averageScore: x.graded ? Math.round((x.sum / x.graded) * 100) / 100 : null,
      }));
  }
  async count(tenantId: string, f: SubmissionFilter) {
    return this.matching(tenantId, f).length;
  }
}

/** The bank over the same memory tables: a question's category is `questionCategory`, or its own `categoryId`. */
export class MemoryQuestionBankRepository implements QuestionBankRepository {
  constructor(private readonly s: MemoryAssessmentState) {}
  private categoryIdOf(q: Question): string | null {
    return this.s.questionCategory.get(q.id) ?? q.categoryId ?? null;
  }
  private bank(q: Question): BankQuestion {
    const { categoryId: _c, ...rest } = clone(q);
    return { ...rest, quizId: (q.quizId as string | null) ?? null, categoryId: this.categoryIdOf(q)! };
  }
  private inCategories(tenantId: string, ids: readonly string[]) {
    return inTenant(this.s.questions.values(), tenantId)
      .filter((q) => ids.includes(this.categoryIdOf(q) ?? ''))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }
  async findCategory(tenantId: string, id: string) {
    return own(this.s.categories.get(id), tenantId);
  }
  async listCategories(tenantId: string, courseId: string) {
    return inTenant(this.s.categories.values(), tenantId)
      .filter((c) => c.courseId === courseId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
      .map((c) => ({ category: clone(c), questionCount: this.inCategories(tenantId, [c.id]).length }));
  }
  async ensureDefaultCategory(tenantId: string, courseId: string, name: string, at: Date) {
    return clone(this.s.defaultCategory(tenantId, courseId, name, at));
  }
  async insertCategory(c: QuestionCategory) {
    this.s.categories.set(c.id, clone(c));
  }
  async updateCategory(c: QuestionCategory) {
    const current = this.s.categories.get(c.id);
    if (current?.tenantId === c.tenantId)
      this.s.categories.set(c.id, { ...current, name: c.name, parentId: c.parentId, updatedAt: c.updatedAt });
  }
  async deleteCategory(tenantId: string, id: string) {
    if (this.s.categories.get(id)?.tenantId !== tenantId) return false;
    return this.s.categories.delete(id);
  }
  async categoryUsage(tenantId: string, id: string) {
    return {
      questions: this.inCategories(tenantId, [id]).length,
      children: inTenant(this.s.categories.values(), tenantId).filter((c) => c.parentId === id).length,
      slots: inTenant(this.s.randomSlots.values(), tenantId).filter((r) => r.categoryId === id).length,
    };
  }
  async listQuestions(tenantId: string, categoryId: string, page: PageRequest) {
    return pageOf(
      this.inCategories(tenantId, [categoryId]).map((q) => this.bank(q)),
      page,
    );
  }
  async allQuestions(tenantId: string, categoryIds: readonly string[]) {
    return this.inCategories(tenantId, categoryIds).map((q) => this.bank(q));
  }
  async insertQuestions(questions: readonly BankQuestion[]) {
    for (const q of questions) {
      this.s.questions.set(q.id, clone(q) as unknown as Question);
      this.s.questionCategory.set(q.id, q.categoryId);
    }
  }
  async questionIdsIn(tenantId: string, categoryIds: readonly string[]) {
    const out = new Map<string, string[]>(categoryIds.map((id) => [id, []]));
    for (const q of this.inCategories(tenantId, categoryIds)) if (q.type !== 'description') out.get(this.categoryIdOf(q)!)?.push(q.id);
    return out;
  }
  async findQuestions(tenantId: string, ids: readonly string[]) {
    return ids
      .map((id) => this.s.questions.get(id))
      .filter((q): q is Question => q?.tenantId === tenantId)
      .map((q) => this.bank(q));
  }
  async drawCandidates(tenantId: string, quizId: string, seed: number) {
    const slots = await this.randomSlots(tenantId, quizId);
    const tree = inTenant(this.s.categories.values(), tenantId);
    const wanted = slots.map((s, i) => ({
      slotId: s.id,
      categoryIds: s.includeSubcategories ? subtreeIds(tree, s.categoryId) : [s.categoryId],
      limit: candidatesNeeded(slots, i),
    }));
    const ranked = new Map<string, BankQuestion[]>(slots.map((s) => [s.id, []]));
    for (const g of rankingGroups(wanted, seed)) {
      const best = this.inCategories(tenantId, g.categoryIds)
        .filter((q) => q.type !== 'description' && q.quizId !== quizId)
        .map((q) => ({ q, rank: hash32(`${g.seed}:${q.id}`) }))
        .sort((a, b) => a.rank - b.rank || (a.q.id < b.q.id ? -1 : 1))
        .slice(0, g.limit)
        .map((x) => this.bank(x.q));
      for (const slotId of g.slotIds) ranked.set(slotId, best);
    }
    return { slots, ranked };
  }
  async randomSlots(tenantId: string, quizId: string) {
    return inTenant(this.s.randomSlots.values(), tenantId)
      .filter((r) => r.quizId === quizId)
      .sort((a, b) => a.order - b.order || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(clone);
  }
  async insertRandomSlot(slot: RandomSlot) {
    this.s.randomSlots.set(slot.id, clone(slot));
  }
  async findRandomSlot(tenantId: string, id: string) {
    return own(this.s.randomSlots.get(id), tenantId);
  }
  async deleteRandomSlot(tenantId: string, id: string) {
    if (this.s.randomSlots.get(id)?.tenantId !== tenantId) return false;
    return this.s.randomSlots.delete(id);
  }
  async nextSlotOrder(tenantId: string, quizId: string) {
    const orders = [
      ...inTenant(this.s.questions.values(), tenantId)
        .filter((q) => q.quizId === quizId)
        .map((q) => q.order),
      ...inTenant(this.s.randomSlots.values(), tenantId)
        .filter((r) => r.quizId === quizId)
        .map((r) => r.order),
    ];
    return Math.max(0, ...orders) + 1;
  }
}
