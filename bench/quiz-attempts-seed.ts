import type { Knex } from 'knex';

/**
 * Bulk-inserts `count` graded attempts of a quiz, each by its own new student, in a handful of
 * set-based statements (generate_series): every attempt has an "ability" p, and answers each
 * question right with probability p, so marks correlate as in a real class. Started times come
 * in groups of three equal instants (keyset paging must break ties by id). Used by
 * bench/quiz-analytics.ts and the export paging test; works on PostgreSQL and PGlite.
 */
export async function seedGradedAttempts(knex: Knex, tenantId: string, quizId: string, count: number, passingScore = 60): Promise<void> {
  const tag = `b${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const maxScore = Number(
    (
      (await knex.raw('select coalesce(sum(points), 0) as m from quiz_questions where tenant_id = ? and quiz_id = ?', [
        tenantId,
        quizId,
      ])) as { rows: Array<{ m: number }> }
    ).rows[0]!.m,
  );
  await knex.raw(
    `insert into users (id, tenant_id, username, email, display_name, role, status, created_at, updated_at)
     select gen_random_uuid(), ?, ? || '-' || g, ? || '-' || g || '@example.test', 'Student ' || g, 1, 1, now(), now()
       from generate_series(1, ?) g`,
    [tenantId, tag, tag, count],
  );
  // Fresh statistics after each bulk step: the next statements join what was just inserted.
  await knex.raw('analyze users');
  await knex.raw(
    `insert into quiz_attempts (id, tenant_id, quiz_id, user_id, attempt_number, status, seed, started_at, submitted_at, ` +
      `score, max_score, percentage, passed, updated_at)
     select gen_random_uuid(), ?, ?, u.id, 1, 'submitted', 0, timestamptz '2026-01-01' + ((row_number() over (order by u.id)) / 3) * interval '1 second',
            now(), 0, ?, 0, false, now()
       from users u where u.tenant_id = ? and u.username like ? || '-%'`,
    [tenantId, quizId, maxScore, tenantId, tag],
  );
  await knex.raw('analyze quiz_attempts');
  await knex.raw(
    `with a as materialized (select id, random() as ability from quiz_attempts where tenant_id = ? and quiz_id = ? and score = 0 and status = 'submitted'),
          q as materialized (select id, points from quiz_questions where tenant_id = ? and quiz_id = ?),
          x as materialized (select a.id as attempt_id, q.id as question_id, q.points, random() < a.ability as ok from a cross join q)
     insert into quiz_answers (tenant_id, attempt_id, question_id, answer, is_correct, points_awarded, max_points, answered_at, updated_at)
     select ?, x.attempt_id, x.question_id, null, x.ok, case when x.ok then x.points else 0 end, x.points, now(), now() from x
     on conflict do nothing`,
    [tenantId, quizId, tenantId, quizId, tenantId],
  );
  await knex.raw('analyze quiz_answers');
  await knex.raw(
    `update quiz_attempts a set score = s.score, percentage = round(100.0 * s.score / nullif(a.max_score, 0), 2),
            passed = coalesce(100.0 * s.score / nullif(a.max_score, 0), 0) >= ?
       from (select qa.attempt_id, sum(qa.points_awarded) as score from quiz_answers qa join quiz_attempts x on x.id = qa.attempt_id
              where qa.tenant_id = ? and x.quiz_id = ? group by qa.attempt_id) s
      where a.tenant_id = ? and a.quiz_id = ? and a.id = s.attempt_id`,
    [passingScore, tenantId, quizId, tenantId, quizId],
  );
}
