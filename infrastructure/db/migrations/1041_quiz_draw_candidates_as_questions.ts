import type { Knex } from 'knex';
import { up as createDrawOf1040 } from './1040_quiz_draw_candidates.js';

/**
 * Issue 33: `quiz_draw_candidates` (migration 1040) answers its drawn rows ready to read: one JSON
 * array per category set (`{"<set>": [question…]}`, each array ranked), each question with only the
 * keys the repository reads, named as it reads them. Before, every row carried its set's key, its
 * rank and the tenant, and came back in snake_case for the repository to rename: parsing and renaming
 * that payload was most of the random start's extra time in the process. The set's seed is hashed once
 * per set rather than once per candidate row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function quiz_draw_candidates(p_tenant_id uuid, p_quiz_id uuid, p_seed bigint)
  returns table (slots json, drawn json) language plpgsql stable as $$
begin
  return query
    with recursive quiz_slots as (
      select s.*, sum(s.count) over w as needed, row_number() over w as i
        from quiz_random_slots s
       where s.tenant_id = p_tenant_id and s.quiz_id = p_quiz_id
      window w as (order by s.sort_order, s.created_at, s.id)
    ), tree (slot_id, category_id) as (
      select id, category_id from quiz_slots
      union
      select t.slot_id, c.id
        from tree t
        join quiz_slots s on s.id = t.slot_id and s.include_subcategories
        join question_categories c on c.tenant_id = p_tenant_id and c.parent_id = t.category_id
    ), keyed as (
      select t.slot_id, array_agg(t.category_id order by t.category_id) as cats
        from tree t group by t.slot_id
    ), groups as (
      select array_to_string(k.cats, ',') as grp, k.cats, max(s.needed) as n
        from keyed k join quiz_slots s on s.id = k.slot_id group by k.cats
    ), ranked as (
      select g.grp,
             json_agg(json_build_object('id', r.id, 'quizId', r.quiz_id, 'categoryId', r.category_id,
               'questionType', r.question_type, 'questionText', r.question_text, 'points', r.points,
               'sortOrder', r.sort_order, 'options', r.options, 'orderingGrading', r.ordering_grading,
               'version', r.version, 'createdAt', r.created_at, 'updatedAt', r.updated_at)
               order by r.rank_key, r.id) as questions
        from (select grp, cats, n, hashtextextended(grp, p_seed) as group_seed from groups) g
       cross join lateral (
         select q.*, uuid_hash_extended(q.id, g.group_seed) as rank_key
           from quiz_questions q
          where q.tenant_id = p_tenant_id and q.category_id = any(g.cats)
            and q.quiz_id is distinct from p_quiz_id and q.question_type <> 'description'
          order by rank_key, q.id
          limit g.n) r
       group by g.grp
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
