import { parse } from 'csv-parse/sync';
import { questionsFromCsvRecords } from '../../domain/assessment/import/csv-rows.js';
import { parseGiftWithCategories } from '../../domain/assessment/import/gift.js';
import { parseAiken } from '../../domain/assessment/import/aiken.js';
import {
  categoryPathsOfMoodleXml,
  moodleXmlOf,
  moodleXmlOfCategories,
  questionsFromMoodleXml,
} from '../../domain/assessment/import/moodle-xml.js';
import type {
  ImportFormat,
  QuestionExportWriter,
  QuestionImportParser,
} from '../../application/assessment/ports/question-import-parser.js';
import { parseXml, writeXml } from './moodle-xml.parser.js';
import { err, ok } from '../../application/shared/result.js';

/**
 * CSV through csv-parse (quotes, embedded commas and new lines, a BOM, rows shorter than the
 * header) and Moodle XML through fast-xml-parser; the meaning of rows and elements, and GIFT and
 * Aiken, are decided in domain/assessment/import.
 */
function csvRecords(text: string): { ok: true; records: string[][] } | { ok: false; error: string } {
  try {
    const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: false }) as string[][];
    return { ok: true, records };
  } catch (error) {
    const e = error as { message?: string; lines?: number; records?: number };
    // csv-parse counts records read so far: the bad one is the next (header = row 1).
    const row = typeof e.records === 'number' ? `row ${e.records + 1}: ` : '';
    return { ok: false, error: `${row}malformed CSV (${(e.message ?? 'parse error').replace(/^Invalid \w+:\s*/, '')})` };
  }
}

function parseWithCategories(format: ImportFormat, text: string) {
  if (format === 'gift') {
    const gift = parseGiftWithCategories(text);
    return gift.ok ? ok({ drafts: gift.value.questions, categoryPaths: gift.value.categoryPaths }) : err('INVALID_IMPORT', gift.error);
  }
  if (format === 'moodle_xml') {
    const xml = parseXml(text);
    if (!xml.ok) return err('INVALID_IMPORT', xml.error);
    const drafts = questionsFromMoodleXml(xml.root);
    return drafts.ok
      ? ok({ drafts: drafts.value, categoryPaths: categoryPathsOfMoodleXml(xml.root) })
      : err('INVALID_IMPORT', drafts.error);
  }
  let result;
  if (format === 'aiken') result = parseAiken(text);
  else {
    const records = csvRecords(text);
    if (!records.ok) return err('INVALID_IMPORT', records.error);
    result = questionsFromCsvRecords(records.records);
  }
  return result.ok ? ok({ drafts: result.value, categoryPaths: null }) : err('INVALID_IMPORT', result.error);
}

export const questionImportParser: QuestionImportParser = {
  parse(format, text) {
    const parsed = parseWithCategories(format, text);
    return parsed.ok ? ok(parsed.value.drafts) : parsed;
  },
  parseWithCategories,
};

export const questionExportWriter: QuestionExportWriter = {
  write(_format, quizTitle, questions) {
    const tree = moodleXmlOf(quizTitle, questions);
    if (!tree.ok) return err('NOT_EXPORTABLE', tree.error);
    return ok({ text: writeXml(tree.value), contentType: 'application/xml; charset=utf-8', extension: 'xml' });
  },
  writeCategories(_format, groups) {
    const tree = moodleXmlOfCategories(groups);
    if (!tree.ok) return err('NOT_EXPORTABLE', tree.error);
    return ok({ text: writeXml(tree.value), contentType: 'application/xml; charset=utf-8', extension: 'xml' });
  },
};
