import type { Certificate } from '../../domain/learning/certificate.js';
import type { Enrollment } from '../../domain/learning/enrollment.js';

/** The `data` of learning's webhook events (docs/webhooks.md). */
export const enrollmentEvent = (e: Enrollment) => ({
  id: e.id,
  user_id: e.userId,
  course_id: e.courseId,
  status: e.status,
  source: e.source,
  expires_at: e.expiresAt,
  created_at: e.createdAt,
});

export const certificateEvent = (c: Certificate) => ({
  id: c.id,
  code: c.code,
  course_id: c.courseId,
  user_id: c.userId,
  student_name: c.studentName,
  course_title: c.courseTitle,
  issued_at: c.issuedAt,
});
