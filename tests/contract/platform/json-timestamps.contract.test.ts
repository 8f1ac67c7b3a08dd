import { expect } from 'chai';
import type { Knex } from 'knex';
import { epochMs, isoOfUtcText, msDate, msDateOrNull, utcText } from '../../../adapters/persistence/pg/knex-helpers.js';
import { harness } from '../../support/harness.js';

/**
 * The hot statements' timestamps (issue 32), on the configured engine (PGlite, or PostgreSQL with
 * DATABASE_URL): inside JSON sent as epoch milliseconds, one reads back as the very Date that pg's
 * parser makes of the column; a list's columns sent as UTC text, one reads back as that Date's ISO text.
 */
/**
 * Where the engines' stock parsers differ (PGlite's `new Date(text)` read years 0–99 as 1900–1999
 * and BC as an invalid date; infrastructure/db/knex.ts gives it pg's parser): the ISO text itself.
 */
const FAR: Array<[string, string]> = [
  ['0099-03-01 01:02:03.004+00', '0099-03-01T01:02:03.004Z'],
  ['0050-06-01 00:00:00+00', '0050-06-01T00:00:00.000Z'],
  ['0044-03-15 12:00:00+00 BC', '-000043-03-15T12:00:00.000Z'],
  ['12026-01-01 00:00:00.25+00', '+012026-01-01T00:00:00.250Z'],
];

describe('contract: timestamps read without a date parser (epochMs, utcText) on the configured engine', () => {
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

  it('reads a timestamp column as UTC text (utcText) into the ISO text of the Date its column reads as, in any session time zone', async () => {
    const instants = [
      '2026-11-28 16:00:00+00',
      '2026-01-01 00:00:00.123999+00',
      '2026-12-31 23:59:59.9999+00',
      '2026-06-30 12:00:00.5+00',
      '2026-06-30 12:00:00.05+00',
      '1969-12-31 23:59:59.9995+00',
    ];
    // A session far from UTC, as a server configured for its region has; local to this transaction.
    await knex.transaction(async (trx) => {
      await trx.raw(`set local time zone 'Asia/Kolkata'`);
      const read = async (instant: string) =>
        (
          (await trx.raw(
            `select t as "column", ${utcText('t')} as text, ${utcText('null::timestamptz')} as none from (select ?::timestamptz as t) x`,
            [instant],
          )) as { rows: Array<{ column: Date; text: string; none: string | null }> }
        ).rows[0]!;
      for (const instant of instants) {
        const { column, text, none } = await read(instant);
        expect(isoOfUtcText(text), `${instant} read as ${text}`).to.equal(column.toISOString());
        expect(none).to.equal(null);
      }
      for (const [instant, iso] of FAR) expect(isoOfUtcText((await read(instant)).text), instant).to.equal(iso);
    });
  });

  it('reads a timestamp column of any year as the instant it is, years 0–99 and BC included, in any session time zone', async () => {
    await knex.transaction(async (trx) => {
      await trx.raw(`set local time zone 'Asia/Kolkata'`);
      for (const [instant, iso] of FAR) {
        const { rows } = (await trx.raw('select ?::timestamptz as t', [instant])) as { rows: Array<{ t: Date }> };
        expect(rows[0]!.t.toISOString(), instant).to.equal(iso);
      }
    });
  });

  it('refuses a text that is no UTC timestamp rather than answer a wrong time', () => {
    for (const text of ['2026-11-28 16:00:00+00', '2026-11-28T16:00:00', 'infinity', '2026-11-28 16:00:00.', ''])
      expect(() => isoOfUtcText(text), text).to.throw(RangeError);
  });
});
