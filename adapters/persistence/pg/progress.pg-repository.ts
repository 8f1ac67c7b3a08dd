import type { LessonProgress, ProgressStatus } from '../../../domain/learning/progress.js';
import type { ProgressRepository, ProgressSummary } from '../../../application/learning/ports/progress-repository.js';
import type { DbDeps } from './base.js';
import { num } from './knex-helpers.js';

type Row = Record<string, unknown>;

const toProgress = (r: Row): LessonProgress => ({
  tenantId: r.tenantId as string, userId: r.userId as string, lessonId: r.lessonId as string, courseId: r.courseId as string,
  status: r.status as ProgressStatus, startedAt: r.startedAt as Date | null, completedAt: r.completedAt as Date | null, updatedAt: r.updatedAt as Date,
});

export const makeProgressPgRepository = ({ db }: DbDeps): ProgressRepository => ({
  async get(tenantId, userId, lessonId) {
    const r = await db.q()('lesson_progress').where({ tenantId, userId, lessonId }).first();
    return r ? toProgress(r) : null;
  },
  async save(p) {
    await db.q()('lesson_progress').insert(p).onConflict(['tenant_id', 'user_id', 'lesson_id']).merge(['status', 'started_at', 'completed_at', 'updated_at']);
  },
  async countOnLessons(tenantId, lessonIds) {
    if (lessonIds.length === 0) return 0;
    const r = (await db.q()('lesson_progress').where({ tenantId }).whereIn('lessonId', [...lessonIds]).count({ n: '*' }).first()) as Row | undefined;
    return num(r?.n);
  },
  async listForCourse(tenantId, userId, courseId) {
    return ((await db.q()('lesson_progress').where({ tenantId, userId, courseId })) as Row[]).map(toProgress);
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
      )) as Row[];
    return rows.map((r) => ({
      userId: r.userId as string, courseId: r.courseId as string, completedLessons: num(r.completedLessons),
      lastLessonId: (r.lastLessonId as string | null) ?? null, lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt as string | Date) : null,
    }));
  },
});
