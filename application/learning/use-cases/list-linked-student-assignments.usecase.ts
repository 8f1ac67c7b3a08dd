import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { StudentAssignment } from '../ports/assessment-ports.js';
import { linkedStudent } from './get-linked-student.usecase.js';

/** A linked student's assignment submissions, read through the assessment context's reader. */
export const makeListLinkedStudentAssignments =
  (d: Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory' | 'studentAssignmentsReader'>) =>
  async (actor: Actor, studentId: string, page: PageRequest): Promise<Result<Page<StudentAssignment>, 'STUDENT_NOT_FOUND'>> => {
    if (!(await linkedStudent(d, actor, studentId))) return err('STUDENT_NOT_FOUND');
    return ok(await d.studentAssignmentsReader.list(actor.tenantId, studentId, page));
  };
