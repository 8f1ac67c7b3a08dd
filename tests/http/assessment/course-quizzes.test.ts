import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { statementsOf } from '../../support/statement-counter.js';
import { Role } from '../../../domain/identity/role.js';
import { addQuestion, answersFor, createQuiz, enrolledStudent, FOUR_QUESTIONS, seedQuiz, type SeededQuiz } from './assessment-fixtures.js';

describe('HTTP assessment: the course page lists its quizzes', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  async function attempt(student: TestUser, q: SeededQuiz, mode: 'all' | 'none') {
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(start.status, JSON.stringify(start.body)).to.equal(200);
    const id = start.body.data.attempt.id as string;
    for (const a of answersFor(q, mode))
      expect((await h.http.post(`/api/lms/quiz-attempts/${id}/answers`).set(student.headers).send(a)).status).to.equal(200);
    expect((await h.http.post(`/api/lms/quiz-attempts/${id}/submit`).set(student.headers)).status).to.equal(200);
  }

  async function publishedQuiz(admin: TestUser, moduleId: string, title: string): Promise<string> {
    const id = await createQuiz(h, admin, moduleId, { title });
    await addQuestion(h, admin, id, FOUR_QUESTIONS[0]!);
    expect((await h.http.post(`/api/lms/admin/quizzes/${id}/publish`).set(admin.headers)).status).to.equal(200);
    return id;
  }

  it("shows each quiz with the caller's best graded attempt (not the latest), drafts to Mentors only, at no extra statement", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const final = await seedQuiz(h, admin, { quiz: { title: 'Final' } });
    const moduleId = final.course.moduleIds[0]!;
    const secondId = await publishedQuiz(admin, moduleId, 'Second');
    const draftId = await createQuiz(h, admin, moduleId, { title: 'Draft' });
    const student = await enrolledStudent(h, admin, final);
    const other = await enrolledStudent(h, admin, final);
    await attempt(student, final, 'all');
    await attempt(student, final, 'none');

    const page = async (user: TestUser) => {
      const { statements, result: res } = await statementsOf(h, (http) =>
        http.get(`/api/lms/courses/${final.course.id}`).set(user.headers),
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return {
        n: statements,
        body: res.body.data as { quizzes: unknown[]; progress: { quizzes_required: number; quizzes_passed: number } },
      };
    };
    const mine = await page(student);
    expect(mine.body.quizzes).to.deep.equal([
      { id: secondId, title: 'Second', required: true, best_result: null },
      { id: final.quizId, title: 'Final', required: true, best_result: { score: 5, percentage: 100, passed: true } },
    ]);
    expect(mine.body.progress).to.include({ quizzes_required: 2, quizzes_passed: 1 });

    const theirs = await page(other);
    expect(theirs.body.quizzes).to.deep.equal([
      { id: secondId, title: 'Second', required: true, best_result: null },
      { id: final.quizId, title: 'Final', required: true, best_result: null },
    ]);

    const mentor = await h.user(t, Role.Mentor);
    const staff = await page(mentor);
    expect(staff.body.quizzes).to.deep.equal([
      { id: draftId, title: 'Draft', required: false, best_result: null },
      { id: secondId, title: 'Second', required: true, best_result: null },
      { id: final.quizId, title: 'Final', required: true, best_result: null },
    ]);

    // More quizzes and attempts cost the page no statement: the list is one grouped query.
    const third = await publishedQuiz(admin, moduleId, 'Third');
    const fourth = await publishedQuiz(admin, moduleId, 'Fourth');
    await attempt(student, { ...final, quizId: third }, 'none');
    await attempt(student, { ...final, quizId: fourth }, 'none');
    const more = await page(student);
    expect(more.body.quizzes).to.have.length(4);
    expect(more.n).to.equal(mine.n);
    expect(theirs.n).to.equal(mine.n);
    // One statement: the caller's login, the course, its outline, the caller's progress, the quizzes with results.
    expect(mine.n).to.equal(1);
  });
});
