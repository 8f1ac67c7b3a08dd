import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { ProgressCalculator } from '../course-progress.js';
import type { Learner } from '../ports/learner-directory.js';
import { summariseStudents, type StudentCourse, type StudentSummary } from '../student-summary.js';

export interface LinkedStudentDetail {
  student: Learner;
  summary: StudentSummary;
  courses: StudentCourse[];
}

type Deps = Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory' | 'enrollmentRepository' | 'certificateRepository' | 'clock'> & {
  progressCalculator: ProgressCalculator;
};

/** A linked student of the caller, else not found (contract §5: never 403 for others' children). */
export async function linkedStudent(
  d: Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory'>,
  actor: Actor,
  studentId: string,
): Promise<Learner | null> {
  if (!(await d.parentLinkRepository.isLinked(actor.tenantId, actor.userId, studentId))) return null;
  return d.learnerDirectory.findById(actor.tenantId, studentId);
}

/** Detail and progress views of one linked student: who, the summary, every active course with its progress. */
export const makeGetLinkedStudent =
  (d: Deps) =>
  async (actor: Actor, studentId: string): Promise<Result<LinkedStudentDetail, 'STUDENT_NOT_FOUND'>> => {
    const student = await linkedStudent(d, actor, studentId);
    if (!student) return err('STUDENT_NOT_FOUND');
    const { summaries, courses } = await summariseStudents(d, actor.tenantId, [studentId]);
    return ok({ student, summary: summaries.get(studentId)!, courses: courses.get(studentId) ?? [] });
  };
