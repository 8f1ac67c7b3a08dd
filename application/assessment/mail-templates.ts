import type { Attempt, AttemptAnswer } from '../../domain/assessment/attempt.js';
import type { Submission } from '../../domain/assessment/assignment.js';
import { displayMark } from '../../domain/assessment/marks.js';
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
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    to,
    subject: `Assignment graded: ${lessonTitle ?? 'your submission'} (${s.score}/100)`,
    text,
    html: htmlParagraphs(text),
    template: 'assessment_assignment_graded',
  };
}

/** The student's notice that a mentor marked an essay of their quiz attempt (as for assignments). */
export function essayGradedMail(
  to: string,
  studentName: string,
  quizTitle: string | null,
  questionText: string,
  answer: AttemptAnswer,
  attempt: Attempt,
): OutgoingMail {
  const what = quizTitle ? `"${quizTitle}"` : 'your quiz';
  const total =
    attempt.score === null
      ? 'Other answers of this attempt are still waiting for a mark.'
      : `Your attempt is graded: ${displayMark(attempt.score)} / ${attempt.maxScore} (${attempt.percentage}%, ${attempt.passed ? 'passed' : 'not passed'}).`;
  const text = [
    `Hello ${studentName},`,
    `Your answer to "${questionText.length > 200 ? `${questionText.slice(0, 200)}…` : questionText}" in ${what} has been ` +
      `marked: ${answer.pointsAwarded} / ${answer.maxPoints}.`,
    answer.feedback ? `Feedback from your mentor:\n${answer.feedback}` : '',
    total,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    to,
    subject: `Quiz answer graded: ${quizTitle ?? 'your attempt'} (${answer.pointsAwarded}/${answer.maxPoints})`,
    text,
    html: htmlParagraphs(text),
    template: 'assessment_essay_graded',
  };
}
