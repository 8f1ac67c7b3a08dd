import { expect } from 'chai';
import fc from 'fast-check';
import {
  addDays,
  applyItemChanges,
  checkRange,
  checkSlot,
  daysBetween,
  isCalendarDate,
  type ScheduleItem,
} from '../../../domain/engagement/schedule.js';
import {
  assignmentRefusal,
  canManageTemplate,
  checkTemplateItem,
  expandTemplate,
  type TemplateItem,
} from '../../../domain/engagement/template.js';
import { escapeText, foldLine, renderCalendar } from '../../../domain/engagement/icalendar.js';
import { localDate, zonedToUtc } from '../../../domain/engagement/time-zone.js';
import { checkMessage, directKey, mayStartConversation, needsLinkCheck } from '../../../domain/engagement/chat.js';
import { Role, type RoleLevel } from '../../../domain/identity/role.js';

const t0 = new Date('2026-05-01T00:00:00.000Z');

describe('engagement domain: schedules', () => {
  it('accepts only real calendar days', () => {
    for (const d of ['2026-01-31', '2028-02-29', '2026-12-31', '1900-01-01']) expect(isCalendarDate(d), d).to.equal(true);
    for (const d of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-1', '26-01-01', '', '2026-01-01T00:00'])
      expect(isCalendarDate(d), d).to.equal(false);
  });

  it('needs end_time strictly after start_time on a real day', () => {
    expect(checkSlot({ date: '2026-05-01', startTime: '09:00', endTime: '09:01' })).to.equal(null);
    expect(checkSlot({ date: '2026-05-01', startTime: '09:00', endTime: '09:00' })).to.equal('END_NOT_AFTER_START');
    expect(checkSlot({ date: '2026-05-01', startTime: '23:00', endTime: '01:00' })).to.equal('END_NOT_AFTER_START');
    expect(checkSlot({ date: '2026-05-01', startTime: '24:00', endTime: '25:00' })).to.equal('INVALID_TIME');
    expect(checkSlot({ date: '2026-02-30', startTime: '09:00', endTime: '10:00' })).to.equal('INVALID_DATE');
  });

  it('counts ranges inclusively, at most 366 days', () => {
    expect(checkRange('2028-01-01', '2028-12-31')).to.equal(null);
    expect(checkRange('2026-01-01', '2027-01-01')).to.equal(null);
    expect(checkRange('2026-01-01', '2027-01-02')).to.equal('RANGE_TOO_LONG');
    expect(checkRange('2026-01-02', '2026-01-01')).to.equal('RANGE_INVERTED');
    expect(checkRange('2026-01-01', '2026-01-01')).to.equal(null);
  });

  it('moves dates by whole days across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).to.equal('2028-02-29');
    expect(addDays('2026-12-31', 1)).to.equal('2027-01-01');
    expect(addDays('2026-03-01', -1)).to.equal('2026-02-28');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: -800, max: 800 }), (start, n) => {
        const d = addDays('2000-01-01', start);
        return daysBetween(d, addDays(d, n)) === n && isCalendarDate(addDays(d, n));
      }),
    );
  });

  it('applies any subset of changes and re-checks the merged slot', () => {
    const item: ScheduleItem = {
      id: 'i',
      tenantId: 't',
      userId: 'u',
      title: 'A',
      description: null,
      date: '2026-05-01',
      startTime: '09:00',
      endTime: '10:00',
      templateId: null,
      assignmentId: null,
      createdAt: t0,
      updatedAt: t0,
    };
    const later = new Date(t0.getTime() + 1000);
    const moved = applyItemChanges(item, { endTime: '11:00', description: 'x' }, later);
    expect(moved.ok && moved.item).to.include({ startTime: '09:00', endTime: '11:00', description: 'x', title: 'A' });
    expect(moved.ok && moved.item.updatedAt).to.equal(later);
    const bad = applyItemChanges(item, { startTime: '10:30' }, later);
    expect(!bad.ok && bad.error).to.equal('END_NOT_AFTER_START');
  });
});

describe('engagement domain: templates', () => {
  const item = (dayOffset: number, startTime: string, title: string): TemplateItem => ({
    id: title,
    tenantId: 't',
    templateId: 'tpl',
    dayOffset,
    title,
    description: null,
    startTime,
    endTime: '23:59',
    createdAt: t0,
    updatedAt: t0,
  });

  it('expands items onto start_date + day_offset in plan order, with fresh ids', () => {
    let n = 0;
    const out = expandTemplate(
      [item(2, '08:00', 'c'), item(0, '10:00', 'b'), item(0, '08:00', 'a')],
      { tenantId: 't', userId: 'u', templateId: 'tpl', assignmentId: 'as', startDate: '2026-12-31' },
      t0,
      () => `id${++n}`,
    );
    expect(out.map((i) => [i.id, i.title, i.date])).to.deep.equal([
      ['id1', 'a', '2026-12-31'],
      ['id2', 'b', '2026-12-31'],
      ['id3', 'c', '2027-01-02'],
    ]);
    expect(out[0]).to.include({ userId: 'u', templateId: 'tpl', assignmentId: 'as', tenantId: 't' });
  });

  it('checks day offsets and times', () => {
    expect(checkTemplateItem({ dayOffset: 0, startTime: '08:00', endTime: '09:00' })).to.equal(null);
    expect(checkTemplateItem({ dayOffset: 366, startTime: '08:00', endTime: '09:00' })).to.equal('INVALID_DAY_OFFSET');
    expect(checkTemplateItem({ dayOffset: -1, startTime: '08:00', endTime: '09:00' })).to.equal('INVALID_DAY_OFFSET');
    expect(checkTemplateItem({ dayOffset: 1.5, startTime: '08:00', endTime: '09:00' })).to.equal('INVALID_DAY_OFFSET');
    expect(checkTemplateItem({ dayOffset: 1, startTime: '09:00', endTime: '08:00' })).to.equal('END_NOT_AFTER_START');
  });

  it('lets owners and Mentors and above manage; Mentors and above assign to students; anyone to themselves', () => {
    const t = { id: 'tpl', tenantId: 't', ownerId: 'owner', name: 'n', description: null, createdAt: t0, updatedAt: t0 };
    expect(canManageTemplate(t, { userId: 'owner', role: Role.Student })).to.equal(true);
    expect(canManageTemplate(t, { userId: 'x', role: Role.Mentor })).to.equal(true);
    expect(canManageTemplate(t, { userId: 'x', role: Role.Parent })).to.equal(false);
    expect(assignmentRefusal({ userId: 's', role: Role.Student }, { id: 's', role: Role.Student })).to.equal(null);
    expect(assignmentRefusal({ userId: 's', role: Role.Student }, { id: 'o', role: Role.Student })).to.equal('FORBIDDEN');
    expect(assignmentRefusal({ userId: 'm', role: Role.Mentor }, { id: 'o', role: Role.Student })).to.equal(null);
    expect(assignmentRefusal({ userId: 'm', role: Role.Admin }, { id: 'o', role: Role.Parent })).to.equal('FORBIDDEN');
    expect(assignmentRefusal({ userId: 'm', role: Role.Admin }, { id: 'o', role: Role.Mentor })).to.equal('FORBIDDEN');
  });
});

describe('engagement domain: iCalendar (RFC 5545)', () => {
  it('escapes TEXT values: backslash, semicolon, comma, newlines; drops control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg\u0007h\ti')).to.equal('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h i');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character, and unfolds to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => {
        const line = `SUMMARY:${s}`;
        const folded = foldLine(line);
        const physical = folded.split('\r\n');
        return (
          physical.every((p, i) => Buffer.byteLength(p, 'utf8') <= 75 && (i === 0 || p.startsWith(' '))) &&
          folded.replace(/\r\n /g, '') === line
        );
      }),
    );
    expect(foldLine('X'.repeat(75))).to.equal('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).to.equal(`${'X'.repeat(75)}\r\n X`);
  });

  it('renders a calendar with CRLF, UID, DTSTAMP, floating or UTC times', () => {
    const events = [
      {
        uid: 'e1@example.test',
        date: '2026-07-01',
        startTime: '07:00',
        endTime: '08:30',
        summary: 'Class',
        description: null,
        created: t0,
        lastModified: new Date('2026-06-01T10:20:30Z'),
      },
    ];
    const floating = renderCalendar(events, { prodId: '-//T//EN', name: 'My, schedule', timeZone: null, refreshMinutes: 60 });
    const lines = floating.split('\r\n');
    expect(lines).to.include.members([
      'BEGIN:VEVENT',
      'UID:e1@example.test',
      'DTSTAMP:20260601T102030Z',
      'DTSTART:20260701T070000',
      'DTEND:20260701T083000',
      'X-WR-CALNAME:My\\, schedule',
      'END:VEVENT',
    ]);
    expect(floating.endsWith('END:VCALENDAR\r\n')).to.equal(true);
    expect(floating.replace(/\r\n/g, '')).not.to.match(/[\r\n]/);
    const zoned = renderCalendar(events, { prodId: '-//T//EN', name: 'S', timeZone: 'America/New_York', refreshMinutes: 60 }).split('\r\n');
    // 07:00 EDT (UTC-4) on 1 July.
    expect(zoned).to.include.members(['DTSTART:20260701T110000Z', 'DTEND:20260701T123000Z', 'X-WR-TIMEZONE:America/New_York']);
  });

  it('converts zoned wall-clock times to UTC, across DST changes', () => {
    expect(zonedToUtc('2026-01-15', '07:00', 'Asia/Jakarta').toISOString()).to.equal('2026-01-15T00:00:00.000Z');
    expect(zonedToUtc('2026-01-15', '09:00', 'Europe/Berlin').toISOString()).to.equal('2026-01-15T08:00:00.000Z');
    expect(zonedToUtc('2026-07-15', '09:00', 'Europe/Berlin').toISOString()).to.equal('2026-07-15T07:00:00.000Z');
    // 2026-03-29 02:30 does not exist in Berlin (clocks jump 02:00 → 03:00): it lands after the gap.
    expect(zonedToUtc('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).to.equal('2026-03-29T01:30:00.000Z');
    expect(localDate(new Date('2026-01-15T20:00:00Z'), 'Asia/Jakarta')).to.equal('2026-01-16');
    expect(localDate(new Date('2026-01-15T20:00:00Z'), null)).to.equal('2026-01-15');
  });
});

describe('engagement domain: chat', () => {
  const p = (id: string, role: RoleLevel) => ({ id, role });

  it('lets anyone talk with Mentors and above, parents with linked children, students with linked parents', () => {
    const student = p('s', Role.Student);
    const parent = p('p', Role.Parent);
    const mentor = p('m', Role.Mentor);
    const admin = p('a', Role.Admin);
    expect(mayStartConversation(student, mentor, false)).to.equal(true);
    expect(mayStartConversation(mentor, student, false)).to.equal(true);
    expect(mayStartConversation(parent, admin, false)).to.equal(true);
    expect(mayStartConversation(student, p('s2', Role.Student), false)).to.equal(false);
    expect(mayStartConversation(student, p('s2', Role.Student), true)).to.equal(false);
    expect(mayStartConversation(parent, student, false)).to.equal(false);
    expect(mayStartConversation(parent, student, true)).to.equal(true);
    expect(mayStartConversation(student, parent, true)).to.equal(true);
    expect(mayStartConversation(parent, p('p2', Role.Parent), true)).to.equal(false);
    expect(needsLinkCheck(student, parent)).to.deep.equal({ parentId: 'p', studentId: 's' });
    expect(needsLinkCheck(parent, student)).to.deep.equal({ parentId: 'p', studentId: 's' });
    expect(needsLinkCheck(student, mentor)).to.equal(null);
  });

  it('keys a direct conversation by the sorted pair', () => {
    expect(directKey('b', 'a')).to.equal('a:b');
    expect(directKey('a', 'b')).to.equal('a:b');
  });

  it('checks message content by type', () => {
    expect(checkMessage('text', 'hello')).to.equal(null);
    expect(checkMessage('text', '  ')).to.match(/empty/);
    expect(checkMessage('text', 'x'.repeat(5001))).to.match(/5000/);
    expect(checkMessage('link', 'https://example.test/a?b=c')).to.equal(null);
    expect(checkMessage('link', 'ftp://example.test')).to.match(/link/);
    expect(checkMessage('link', 'https://exa mple.test')).to.match(/link/);
    expect(checkMessage('file', '/api/files/download/0f8fad5b-d9cb-469f-a165-70867728950e.pdf')).to.equal(null);
    expect(checkMessage('file', '/etc/passwd')).to.match(/file/);
  });
});
