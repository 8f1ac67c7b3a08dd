import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { advance, completionPercentage, isCourseComplete, nextLessonId, type LessonProgress } from '../../../domain/learning/progress.js';
import { effectiveStatus, isEnrollmentActive, regrant, type Enrollment } from '../../../domain/learning/enrollment.js';
import { CODE_ALPHABET, formatCertificateCode, isWellFormedCode, linkingCodeState, normaliseCode } from '../../../domain/learning/codes.js';
import { isExactPermutation } from '../../../domain/learning/reorder.js';
import { fillPlaceholders, formatIssuedAt } from '../../../domain/learning/certificate.js';
import { normalisePromoCode, normaliseTiers, promoTermsProblem, slugify } from '../../../domain/learning/admin-resources.js';
import { canSeeCourse, orderedLessons, withStatus, type Course, type CourseModule, type Lesson } from '../../../domain/learning/course.js';
import { servingTypeOf, sniffImage, STORED_NAME_PATTERN } from '../../../domain/platform/file-types.js';
import { Role } from '../../../domain/identity/role.js';

const t0 = new Date('2026-03-01T00:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * 86_400_000);

describe('learning domain', () => {
  describe('progress', () => {
    const req = (lessons: number, completedLessons: number, quizzesRequired = 0, quizzesPassed = 0) => ({
      lessons,
      completedLessons,
      quizzesRequired,
      quizzesPassed,
    });

    it('counts lessons and published quizzes, rounds down, and says 100 only when complete', () => {
      expect(completionPercentage(req(4, 1))).to.equal(25);
      expect(completionPercentage(req(3, 2))).to.equal(66);
      expect(completionPercentage(req(200, 199))).to.equal(99);
      expect(completionPercentage(req(2, 2, 1, 0))).to.equal(66);
      expect(completionPercentage(req(2, 2, 1, 1))).to.equal(100);
      expect(completionPercentage(req(0, 0))).to.equal(0);
    });

    it('completes a course only with every lesson and every published quiz, and never an empty one', () => {
      expect(isCourseComplete(req(2, 2))).to.equal(true);
      expect(isCourseComplete(req(2, 1))).to.equal(false);
      expect(isCourseComplete(req(2, 2, 2, 1))).to.equal(false);
      expect(isCourseComplete(req(0, 0, 1, 1))).to.equal(true);
      expect(isCourseComplete(req(0, 0))).to.equal(false);
    });

    it('only moves a lesson forward and keeps its first start and completion times', () => {
      const base = { tenantId: 't', userId: 'u', lessonId: 'l', courseId: 'c' };
      const started = advance(null, base, 'in_progress', at(0));
      expect(started).to.include({ status: 'in_progress' });
      expect(started.startedAt).to.deep.equal(at(0));
      const done = advance(started, base, 'completed', at(1));
      expect(done.completedAt).to.deep.equal(at(1));
      const again: LessonProgress = advance(done, base, 'in_progress', at(2));
      expect(again.status).to.equal('completed');
      expect(again.startedAt).to.deep.equal(at(0));
      expect(again.completedAt).to.deep.equal(at(1));
      expect(again.updatedAt).to.deep.equal(at(2));
      expect(advance(null, base, 'not_started', at(0)).startedAt).to.equal(null);
    });

    it('finds the next lesson in course order (modules first, then lessons)', () => {
      const mod = (id: string, order: number): CourseModule => ({
        id,
        tenantId: 't',
        courseId: 'c',
        title: id,
        description: null,
        order,
        createdAt: t0,
        updatedAt: t0,
      });
      const les = (id: string, moduleId: string, order: number): Lesson => ({
        id,
        tenantId: 't',
        moduleId,
        courseId: 'c',
        title: id,
        description: null,
        contentType: 'text',
        contentUrl: null,
        content: null,
        duration: 0,
        order,
        createdAt: t0,
        updatedAt: t0,
      });
      const ordered = orderedLessons(
        [mod('m2', 2), mod('m1', 1)],
        [les('b2', 'm2', 1), les('a2', 'm1', 2), les('a1', 'm1', 1), les('orphan', 'mx', 1)],
      ).map((l) => l.id);
      expect(ordered).to.deep.equal(['a1', 'a2', 'b2']);
      expect(nextLessonId(ordered, 'a2')).to.equal('b2');
      expect(nextLessonId(ordered, 'b2')).to.equal(null);
      expect(nextLessonId(ordered, 'nope')).to.equal(null);
    });
  });

  describe('courses', () => {
    it('shows published courses to all, archived ones to their learners, drafts to staff', () => {
      expect(canSeeCourse({ status: 'published' }, null, false)).to.equal(true);
      expect(canSeeCourse({ status: 'archived' }, Role.Student, false)).to.equal(false);
      expect(canSeeCourse({ status: 'archived' }, Role.Student, true)).to.equal(true);
      expect(canSeeCourse({ status: 'draft' }, Role.Student, true)).to.equal(false);
      expect(canSeeCourse({ status: 'draft' }, Role.Mentor, false)).to.equal(true);
    });

    it('remembers the first publication', () => {
      const c = { publishedAt: null, status: 'draft' } as unknown as Course;
      const published = withStatus(c, 'published', at(1));
      expect(published.publishedAt).to.deep.equal(at(1));
      expect(withStatus(withStatus(published, 'archived', at(2)), 'published', at(3)).publishedAt).to.deep.equal(at(1));
    });
  });

  describe('enrolments', () => {
    const e = (over: Partial<Enrollment> = {}): Enrollment => ({
      id: 'e',
      tenantId: 't',
      userId: 'u',
      courseId: 'c',
      status: 'active',
      source: 'subscription',
      sourceRef: 's1',
      expiresAt: at(30),
      createdAt: t0,
      updatedAt: t0,
      ...over,
    });

    it('is active until its expiry and reads as expired after it', () => {
      expect(isEnrollmentActive(e(), at(29))).to.equal(true);
      expect(isEnrollmentActive(e(), at(30))).to.equal(false);
      expect(effectiveStatus(e(), at(31))).to.equal('expired');
      expect(effectiveStatus(e({ status: 'cancelled' }), at(1))).to.equal('cancelled');
      expect(isEnrollmentActive(e({ expiresAt: null }), at(1000))).to.equal(true);
    });

    it('extends a live enrolment with a later expiry, never shortens it, and lets no expiry win', () => {
      const later = regrant(e(), { source: 'order', expiresAt: at(60), sourceRef: 'o1' }, at(1));
      expect(later).to.include({ source: 'order', sourceRef: 'o1' });
      expect(later.expiresAt).to.deep.equal(at(60));
      const shorter = regrant(e(), { source: 'order', expiresAt: at(10), sourceRef: 'o2' }, at(1));
      expect(shorter.expiresAt).to.deep.equal(at(30));
      expect(shorter.source).to.equal('subscription');
      const forever = regrant(e(), { source: 'admin', expiresAt: null, sourceRef: null }, at(1));
      expect(forever.expiresAt).to.equal(null);
      const stays = regrant(e({ expiresAt: null, source: 'admin' }), { source: 'subscription', expiresAt: at(90), sourceRef: 's2' }, at(1));
      expect(stays).to.include({ source: 'admin', expiresAt: null });
    });

    it('reactivates an expired or cancelled enrolment with the new grant', () => {
      const revived = regrant(e(), { source: 'order', expiresAt: null, sourceRef: 'o3' }, at(40));
      expect(revived).to.include({ status: 'active', source: 'order', expiresAt: null, sourceRef: 'o3' });
      const cancelled = regrant(e({ status: 'cancelled' }), { source: 'subscription', expiresAt: at(20), sourceRef: 's3' }, at(1));
      expect(cancelled.status).to.equal('active');
      expect(cancelled.expiresAt).to.deep.equal(at(20));
    });
  });

  describe('codes', () => {
    it('uses an alphabet without look-alikes and normalises what people type', () => {
      for (const c of ['0', 'O', '1', 'I', 'L']) expect(CODE_ALPHABET).to.not.include(c);
      expect(normaliseCode(' abcd-efgh ')).to.equal('ABCDEFGH');
      expect(isWellFormedCode('ABCDEFGH', 8)).to.equal(true);
      expect(isWellFormedCode('ABCDEFG0', 8)).to.equal(false);
      expect(isWellFormedCode('ABCDEFG', 8)).to.equal(false);
      expect(formatCertificateCode('ABCDEFGHJKMN')).to.equal('ABCD-EFGH-JKMN');
    });

    it('tells a usable linking code from a used or expired one', () => {
      expect(linkingCodeState({ usedAt: null, expiresAt: at(1) }, at(0))).to.equal('usable');
      expect(linkingCodeState({ usedAt: at(0), expiresAt: at(1) }, at(0))).to.equal('used');
      expect(linkingCodeState({ usedAt: null, expiresAt: at(1) }, at(1))).to.equal('expired');
    });
  });

  it('accepts a reorder only of exactly the current items, each once', () => {
    expect(isExactPermutation(['a', 'b', 'c'], ['c', 'a', 'b'])).to.equal(true);
    expect(isExactPermutation(['a', 'b', 'c'], ['a', 'b'])).to.equal(false);
    expect(isExactPermutation(['a', 'b', 'c'], ['a', 'b', 'x'])).to.equal(false);
    expect(isExactPermutation(['a', 'b', 'c'], ['a', 'a', 'b'])).to.equal(false);
    expect(isExactPermutation(['a', 'b'], ['a', 'b', 'c'])).to.equal(false);
  });

  it('fills the certificate placeholders and leaves unknown ones as written', () => {
    const text = fillPlaceholders('{{student_name}} / {{ course_title }} / {{issued_at}} / {{code}} / {{other}}', {
      student_name: 'Ani',
      course_title: 'Math',
      issued_at: formatIssuedAt(new Date('2026-11-22T10:00:00Z')),
      code: 'AAAA-BBBB-CCCC',
    });
    expect(text).to.equal('Ani / Math / 22 November 2026 / AAAA-BBBB-CCCC / {{other}}');
  });

  describe('admin resource rules', () => {
    it('slugifies names', () => {
      expect(slugify('Ilmu Pengetahuan Alam')).to.equal('ilmu-pengetahuan-alam');
      expect(slugify('Éducation  Physique!')).to.equal('education-physique');
      expect(slugify('!!!')).to.equal('category');
    });

    it('sorts price tiers and refuses a repeated threshold', () => {
      expect(
        normaliseTiers([
          { minQuantity: 10, unitPrice: toMinor(8) },
          { minQuantity: 5, unitPrice: toMinor(9) },
        ]),
      ).to.deep.equal([
        { minQuantity: 5, unitPrice: toMinor(9) },
        { minQuantity: 10, unitPrice: toMinor(8) },
      ]);
      expect(
        normaliseTiers([
          { minQuantity: 5, unitPrice: toMinor(9) },
          { minQuantity: 5, unitPrice: toMinor(8) },
        ]),
      ).to.equal(null);
    });

    it('checks promo code terms', () => {
      const base = { type: 'percent' as const, value: toMinor(10), validFrom: null, validUntil: null, maxUses: null, usedCount: 0 };
      expect(promoTermsProblem(base)).to.equal(null);
      expect(promoTermsProblem({ ...base, value: toMinor(101) })).to.match(/value/);
      expect(promoTermsProblem({ ...base, type: 'fixed', value: toMinor(500000) })).to.equal(null);
      expect(promoTermsProblem({ ...base, value: 0n })).to.match(/value/);
      expect(promoTermsProblem({ ...base, validFrom: at(2), validUntil: at(1) })).to.match(/valid_until/);
      expect(normalisePromoCode(' hemat10 ')).to.equal('HEMAT10');
    });
  });

  describe('files', () => {
    it('recognises PNG and JPEG by their bytes only', () => {
      expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).to.equal('png');
      expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).to.equal('jpeg');
      expect(sniffImage(Buffer.from('<svg>'))).to.equal(null);
    });

    it('serves only safe types inline and accepts only our stored names', () => {
      expect(servingTypeOf('a.pdf')).to.deep.equal({ contentType: 'application/pdf', disposition: 'inline' });
      expect(servingTypeOf('a.html')).to.deep.equal({ contentType: 'application/octet-stream', disposition: 'attachment' });
      expect(servingTypeOf('a.svg').disposition).to.equal('attachment');
      expect(STORED_NAME_PATTERN.test('0b6f3a7e-6b1d-4c39-9d53-8f1e2a3b4c5d.pdf')).to.equal(true);
      expect(STORED_NAME_PATTERN.test('../0b6f3a7e-6b1d-4c39-9d53-8f1e2a3b4c5d.pdf')).to.equal(false);
      expect(STORED_NAME_PATTERN.test('..')).to.equal(false);
    });
  });
});
