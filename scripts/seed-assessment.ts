import { randomUUID } from 'node:crypto';
import type { Knex } from '../infrastructure/db/knex.js';

export interface SeedWorld {
  tenantId: string;
  scale: number;
  enrollments: Array<{ userId: string; courseId: string }>;
  published: Array<{ id: string }>;
  modules: Array<{ id: string; courseId: string; sortOrder: number }>;
  now: Date;
  rnd: () => number;
  insertAll: (knex: Knex, table: string, rows: Record<string, unknown>[]) => Promise<void>;
}

const QUESTIONS = 10;

/**
 * A published quiz in the first module of every published course (ten multiple-choice questions),
 * and scale × 5,000 graded attempts by enrolled students with all their answers.
 */
export async function seedAssessment(knex: Knex, w: SeedWorld): Promise<number> {
  const firstModule = new Map<string, string>();
  for (const m of w.modules) if (m.sortOrder === 0) firstModule.set(m.courseId, m.id);
  const quizzes = w.published.map((c) => ({
    id: randomUUID(),
    tenantId: w.tenantId,
    moduleId: firstModule.get(c.id)!,
    courseId: c.id,
    title: 'Module check',
    description: 'Ten questions on the first module.',
    durationMinutes: 0,
    passingScore: 60,
    maxAttempts: 0,
    showCorrectAnswers: true,
    shuffleQuestions: false,
    status: 'published',
    publishedAt: w.now,
    createdAt: w.now,
    updatedAt: w.now,
  }));
  await w.insertAll(knex, 'quizzes', quizzes);
  const questionsOf = new Map<string, Array<{ id: string; correct: string; options: string[] }>>();
  const questions = quizzes.flatMap((q) => {
    const list = Array.from({ length: QUESTIONS }, (_, i) => {
      const options = Array.from({ length: 4 }, () => randomUUID());
      return { id: randomUUID(), correct: options[i % 4]!, options, i };
    });
    questionsOf.set(q.id, list);
    return list.map((x) => ({
      id: x.id,
      tenantId: w.tenantId,
      quizId: q.id,
      questionType: 'multiple_choice',
      questionText: `Question ${x.i + 1}`,
      points: 1 + (x.i % 3),
      sortOrder: x.i,
      options: JSON.stringify(x.options.map((id, k) => ({ id, text: `Option ${k + 1}`, is_correct: id === x.correct }))),
      createdAt: w.now,
      updatedAt: w.now,
    }));
  });
  await w.insertAll(knex, 'quiz_questions', questions);

  const quizOf = new Map(quizzes.map((q) => [q.courseId, q]));
  const numbers = new Map<string, number>();
  const attempts: Record<string, unknown>[] = [];
  const answers: Record<string, unknown>[] = [];
  const target = Math.round(w.scale * 5000);
  for (let i = 0; attempts.length < target && w.enrollments.length > 0; i++) {
    const e = w.enrollments[i % w.enrollments.length]!;
    const quiz = quizOf.get(e.courseId);
    if (!quiz) continue;
    const key = `${quiz.id}:${e.userId}`;
    const attemptNumber = (numbers.get(key) ?? 0) + 1;
    numbers.set(key, attemptNumber);
    const skill = w.rnd();
    const id = randomUUID();
    const started = new Date(w.now.getTime() - w.rnd() * 120 * 86_400_000);
    let score = 0;
    let max = 0;
    for (const q of questionsOf.get(quiz.id)!) {
      const points = 1 + (questionsOf.get(quiz.id)!.indexOf(q) % 3);
      const right = w.rnd() < 0.35 + skill * 0.6;
      const given = right ? q.correct : q.options.find((o) => o !== q.correct)!;
      score += right ? points : 0;
      max += points;
      answers.push({
        tenantId: w.tenantId,
        attemptId: id,
        questionId: q.id,
        answer: JSON.stringify([given]),
        isCorrect: right,
        pointsAwarded: right ? points : 0,
        maxPoints: points,
        answeredAt: started,
        updatedAt: started,
      });
    }
    const percentage = Math.round((score / max) * 10000) / 100;
    attempts.push({
      id,
      tenantId: w.tenantId,
      quizId: quiz.id,
      userId: e.userId,
      attemptNumber,
      status: 'submitted',
      seed: Math.floor(w.rnd() * 2 ** 31),
      startedAt: started,
      deadlineAt: null,
      submittedAt: new Date(started.getTime() + 600_000),
      score,
      maxScore: max,
      percentage,
      passed: percentage >= 60,
      updatedAt: started,
    });
  }
  await w.insertAll(knex, 'quiz_attempts', attempts);
  await w.insertAll(knex, 'quiz_answers', answers);
  return attempts.length;
}
