import type { Knex } from 'knex';

/**
 * Issue 33 item 5: what a new attempt draws from, as one function of the database
 * (`QuestionBankRepository.drawCandidates`): the quiz's random slots, in order, with the running sum
 * of their counts (what each slot may need: `candidatesNeeded`), each slot's categories (its own, and
 * every one below it when it asks), one ranking per distinct category set seeded by the attempt's seed
 * and that set, as long as the most any of its slots needs, with the rows. Description items (no
 * mark) are never drawn, as in Moodle, nor the quiz's own questions. Ranks by PostgreSQL's seeded uuid
 * hash (an integer, cheaper than md5 text), reading the rows in the same scan (its filters read them
 * anyway; a join back by id made the planner hash the whole table). Answers one row: the slots and
 * the drawn rows as JSON, ranked already (`rank_key` rides along, unread).
 *
 * A function rather than the statement itself: PL/pgSQL keeps the query's plan for the session, on
 * both engines. Planning this query cost more than running it (PGlite: ~8 of ~12 ms under load; pg's
 * named statements keep a plan per connection, but PGlite has no named statements).
 */
/** The quiz's slots (`quiz_slots`), each one's categories (`keyed`) and the category sets to rank (`groups`). */
export const SLOT_GROUPS = `    with recursive quiz_slots as (
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
        from keyed k join quiz_slots s on s.id = k.slot_id group by k.cats`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function quiz_draw_candidates(p_tenant_id uuid, p_quiz_id uuid, p_seed bigint)
  returns table (slots json, drawn json) language plpgsql stable as $$
begin
  return query
${SLOT_GROUPS}
    ), ranked as (
      select g.grp, r.*
        from groups g
       cross join lateral (
         select q.*, uuid_hash_extended(q.id, hashtextextended(g.grp, p_seed)) as rank_key
           from quiz_questions q
          where q.tenant_id = p_tenant_id and q.category_id = any(g.cats)
            and q.quiz_id is distinct from p_quiz_id and q.question_type <> 'description'
          order by rank_key, q.id
          limit g.n) r
    )
    select (select coalesce(json_agg(s order by s.i), '[]')
              from (select x.*, array_to_string(k.cats, ',') as grp from quiz_slots x join keyed k on k.slot_id = x.id) s) as slots,
           (select coalesce(json_agg(d order by d.grp, d.rank_key, d.id), '[]') from ranked d) as drawn;
end
$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function quiz_draw_candidates(uuid, uuid, bigint)');
}
