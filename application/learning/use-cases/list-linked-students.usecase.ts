import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { linkedStudentsOf, type LinkedStudent, type LinkedStudentsDeps } from '../student-summary.js';

export type { LinkedStudent };

/** The caller's linked students, newest link first, each with a progress summary (no N+1). */
export const makeListLinkedStudents =
  (d: LinkedStudentsDeps) =>
  (actor: Actor, page: PageRequest): Promise<Page<LinkedStudent>> =>
    linkedStudentsOf(d, actor, page);
