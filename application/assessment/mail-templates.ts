import type { Submission } from '../../domain/assessment/assignment.js';
import type { OutgoingMail } from '../platform/ports.js';
import { htmlParagraphs } from '../platform/mail-templates.js';

/** The student's notice that a mentor graded their assignment (contract §6: grading mails the student). */
export function assignmentGradedMail(to: string, studentName: string, lessonTitle: string | null, s: Submission): OutgoingMail {
  const what = lessonTitle ? `"${lessonTitle}"` : 'your lesson';
  const text = [
    `Hello ${studentName},`,
    `Your assignment for ${what} has been graded: ${s.score} / 100.`,
    s.feedback ? `Feedback from your mentor:\n${s.feedback}` : '',
    `Submitted: ${s.submittedAt.toISOString()}\nGraded: ${s.gradedAt?.toISOString() ?? ''}`,
  ].filter(Boolean).join('\n\n');
  return { to, subject: `Assignment graded: ${lessonTitle ?? 'your submission'} (${s.score}/100)`, text, html: htmlParagraphs(text), template: 'assessment_assignment_graded' };
}
