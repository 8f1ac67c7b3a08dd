import { expect } from 'chai';
import type { Knex } from 'knex';
import { epochMs, msDate, msDateOrNull } from '../../../adapters/persistence/pg/knex-helpers.js';
import { harness } from '../../support/harness.js';

/**
 * The hot statements' timestamps inside JSON (issue 32), on the configured engine (PGlite, or
 * PostgreSQL with DATABASE_URL): sent as epoch milliseconds, one reads back as the very Date that
 * pg's parser makes of the column.
 */
describe('contract: timestamps inside JSON columns (epochMs) on the configured engine', () => {
  let knex: Knex;
  before(async () => {
    knex = (await harness()).app.db.knex;
  });

  it('reads a timestamp inside JSON as the Date its column reads as, to the millisecond, before 1970 too', async () => {
    // Microseconds that a Date drops, one that rounding would carry up, and one before the epoch.
    const instants = [
      '2026-11-28 16:00:00+00',
      '2026-01-01 00:00:00.123999+00',
      '2026-12-31 23:59:59.9999+00',
      '1969-12-31 23:59:59.9995+00',
    ];
    for (const instant of instants) {
      const result = (await knex.raw(
        `select t as "column", json_build_array(${epochMs('t')}, ${epochMs('null::timestamptz')}) as sent from (select ?::timestamptz as t) x`,
        [instant],
      )) as { rows: Array<{ column: Date; sent: [number, number | null] }> };
      const { column, sent } = result.rows[0]!;
      expect(msDate(sent[0]).toISOString(), instant).to.equal(column.toISOString());
      expect(msDateOrNull(sent[1])).to.equal(null);
    }
  });
});
