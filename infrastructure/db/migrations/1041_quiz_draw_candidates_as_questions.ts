import type { Knex } from 'knex';
import { SLOT_GROUPS, up as createDrawOf1040 } from './1040_quiz_draw_candidates.js';

/**
 * Issue 33: `quiz_draw_candidates` (migration 1040) answers its drawn rows ready to read: one JSON
 * array per category set (`{"<set>": [question…]}`, each array ranked), each question with only the
 * keys the repository reads, named as it reads them. Before, every row carried its set's key, its
 * rank and the tenant, and came back in snake_case for the repository to rename: parsing and renaming
 * that payload was most of the random start's extra time in the process. The ranking reads the candidates' ids alone, and only the
 * drawn rows are read whole, each by its primary key: the lateral `limit 1` keeps that a key look-up
 * (a plain join back let the planner hash all of `quiz_questions`, migration 1040), and rows with
 * camelCase aliases become JSON faster than `json_build_object` (pgbench, quiet, three slots of 10
 * from 500: 0.56–0.69 ms against 0.77–0.86 ms).
 *
 * And its plan is the session's generic one, always: left to choose, the plan cache kept planning a
 * custom plan at every call (its estimate of the generic plan's cost was higher), which cost more than
 * running it (on PostgreSQL, pgbench, quiet: 0.61 ms for a quiz without slots against 0.21–0.28 ms
 * generic, 1.41–1.47 ms against 0.81–0.95 ms for three slots of 10 from 500). The parameters (a tenant,
 * a quiz, a seed) never change which plan is best.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function quiz_draw_candidates(p_tenant_id uuid, p_quiz_id uuid, p_seed bigint)
  returns table (slots json, drawn json) language plpgsql stable set plan_cache_mode = force_generic_plan as $$
begin
  return query
${SLOT_GROUPS}
    ), picked as (
      select g.grp, r.id, r.rank_key
        from groups g
       cross join lateral (
         select q.id, uuid_hash_extended(q.id, hashtextextended(g.grp, p_seed)) as rank_key
           from quiz_questions q
          where q.tenant_id = p_tenant_id and q.category_id = any(g.cats)
            and q.quiz_id is distinct from p_quiz_id and q.question_type <> 'description'
          order by rank_key, q.id
          limit g.n) r
    ), ranked as (
      select p.grp, json_agg(r order by p.rank_key, r.id) as questions
        from picked p
       cross join lateral (
         select q.id, q.quiz_id as "quizId", q.category_id as "categoryId", q.question_type as "questionType",
                q.question_text as "questionText", q.points, q.sort_order as "sortOrder", q.options,
                q.ordering_grading as "orderingGrading", q.version, q.created_at as "createdAt", q.updated_at as "updatedAt"
           from quiz_questions q
          where q.id = p.id and q.tenant_id = p_tenant_id
          limit 1) r
       group by p.grp
    )
    select (select coalesce(json_agg(s order by s.i), '[]')
              from (select x.*, array_to_string(k.cats, ',') as grp from quiz_slots x join keyed k on k.slot_id = x.id) s) as slots,
           (select coalesce(json_object_agg(d.grp, d.questions), '{}') from ranked d) as drawn;
end
$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function quiz_draw_candidates(uuid, uuid, bigint)');
  await createDrawOf1040(knex);
}
