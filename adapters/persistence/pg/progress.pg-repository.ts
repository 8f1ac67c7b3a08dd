import type { LessonProgress } from '../../../domain/learning/progress.js';
import type { LessonProgressRow } from './rows/learning.rows.js';
import type { ProgressRepository, ProgressSummary } from '../../../application/learning/ports/progress-repository.js';
import type { DbDeps } from './base.js';
import { num, prepared } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';

const toProgress = (r: LessonProgressRow): LessonProgress => ({
  tenantId: r.tenantId,
  userId: r.userId,
  lessonId: r.lessonId,
  courseId: r.courseId,
  status: r.status,
  startedAt: r.startedAt,
  completedAt: r.completedAt,
  updatedAt: r.updatedAt,
});

/** One (user, course) of `summaries`: int8 counts arrive as numbers (knex.ts), a timestamp as a Date. */
interface SummaryRow {
  userId: string;
  courseId: string;
  completedLessons: number | string;
  lastLessonId: string | null;
  lastActivityAt: Date | string | null;
}

export const makeProgressPgRepository = ({ db }: DbDeps): ProgressRepository => ({
  async get(tenantId, userId, lessonId) {
    const r = await db.q()('lesson_progress').where({ tenantId, userId, lessonId }).first();
    return r ? toProgress(r) : null;
  },
  async save(p) {
    await db
      .q()('lesson_progress')
      .insert(p)
      .onConflict(['tenant_id', 'user_id', 'lesson_id'])
      .merge(['status', 'startedAt', 'completedAt', 'updatedAt']);
  },
  countOnLessons: (tenantId, lessonIds) => tenantTable(db, 'lesson_progress').countIn(tenantId, 'lessonId', lessonIds),
  async listForCourse(tenantId, userId, courseId) {
    return (await db.q()('lesson_progress').where({ tenantId, userId, courseId }).options(prepared('course_progress_of_learner'))).map(
      toProgress,
    );
  },
  async summaries(tenantId, userIds, courseIds): Promise<ProgressSummary[]> {
    if (userIds.length === 0 || courseIds.length === 0) return [];
    const k = db.q();
    const rows = (await k('lesson_progress')
      .where({ tenantId })
      .whereIn('userId', [...userIds])
      .whereIn('courseId', [...courseIds])
      .groupBy('userId', 'courseId')
      .select(
        'userId',
        'courseId',
        k.raw("count(*) filter (where status = 'completed') as completed_lessons"),
        // The lesson touched last: the one whose progress row changed most recently.
        k.raw('(array_agg(lesson_id order by updated_at desc, lesson_id))[1] as last_lesson_id'),
        k.raw('max(updated_at) as last_activity_at'),
      )) as SummaryRow[];
    return rows.map((r) => ({
      userId: r.userId,
      courseId: r.courseId,
      completedLessons: num(r.completedLessons),
      lastLessonId: r.lastLessonId ?? null,
      lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt) : null,
    }));
  },
});
