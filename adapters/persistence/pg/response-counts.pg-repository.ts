import type { ResponseCountsReader } from '../../../application/assessment/ports/response-counts-reader.js';
import { ANALYSED_TYPES } from '../../../domain/assessment/response-analysis.js';
import type { DbDeps } from './base.js';
import { num } from './knex-helpers.js';
import { selectedAttemptsSql } from './assessment.pg-repositories.js';

/**
 * Moodle's response analysis counts, grouped in one statement: the counted attempts' answer rows
 * (primary key `(tenant_id, attempt_id, …)`), their questions' types by primary key (essays and the
 * other types without an analysis are left out before their texts are grouped), each answer unnested
 * into its elements with their ordinal, then `grouping sets`: per question and element the count,
 * and per question the attempts (rows whose first element, or no element, was counted).
 */
export const makeResponseCountsPgReader = ({ db }: DbDeps): ResponseCountsReader => ({
  async responseCounts(tenantId, quizId, selection) {
    const result = (await db.q().raw(
      `with sel as (${selectedAttemptsSql(selection)}),
            -- An ordering's element is its item and the position it was put in (orderingElement).
            a as (select qa.question_id, case when q.question_type = 'ordering' then e.response || '@' || e.ord else e.response end as response, e.ord
                    from sel
                    join quiz_answers qa on qa.tenant_id = ? and qa.attempt_id = sel.id
                    join quiz_questions q on q.tenant_id = ? and q.id = qa.question_id and q.question_type = any(?::text[])
                    left join lateral jsonb_array_elements_text(case when jsonb_typeof(qa.answer) = 'array' then qa.answer else '[]'::jsonb end)
                         with ordinality as e(response, ord) on true)
       select question_id as qid, response, grouping(response) as whole, count(*) as n,
              count(*) filter (where ord is null or ord = 1) as attempts
         from a
        group by grouping sets ((question_id), (question_id, response))`,
      [tenantId, quizId, tenantId, tenantId, [...ANALYSED_TYPES]],
    )) as { rows: Array<{ qid: string; response: string | null; whole: number | string; n: number | string; attempts: number | string }> };
    const rows = result.rows;
    return {
      questions: rows.filter((r) => num(r.whole) === 1).map((r) => ({ questionId: r.qid, attempts: num(r.attempts) })),
      responses: rows.filter((r) => num(r.whole) === 0).map((r) => ({ questionId: r.qid, response: r.response, count: num(r.n) })),
    };
  },
});
