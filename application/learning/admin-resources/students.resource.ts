import { Role } from '../../../domain/identity/role.js';
import type { StudentProfile, StudentProfileListing, StudentProfileRepository } from '../ports/admin-repositories.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { audit, removeRecord, resourceChange, type AdminResource } from './common.js';
import { merge } from '../../../domain/shared/merge.js';
import { auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';

export interface StudentProfileInput {
  userId: string;
  school?: string | null | undefined;
  grade?: string | null | undefined;
  phone?: string | null | undefined;
}

/**
 * Student profiles (contract §6): one per student user of the tenant; the user is created
 * through `/api/users` and stays there (deleting a profile keeps the account).
 */
export const makeStudentsResource = (
  d: Pick<LearningDeps, 'learnerDirectory' | 'auditLog' | 'clock' | 'ids' | 'uow'> & { studentProfileRepository: StudentProfileRepository },
): AdminResource<StudentProfileListing, StudentProfileInput, Partial<Omit<StudentProfileInput, 'userId'>>> => ({
  list: (tenantId, query, page) => d.studentProfileRepository.list(tenantId, query.search, page),
  async create(actor, meta, input) {
    const learner = await d.learnerDirectory.findById(actor.tenantId, input.userId);
    if (!learner || learner.role !== Role.Student) return err('UNKNOWN_REFERENCE', 'user_id: no such student');
    const now = d.clock.now();
    const profile: StudentProfile = {
      ...newRecord(d.ids, actor.tenantId, now),
      userId: input.userId,
      school: input.school ?? null,
      grade: input.grade ?? null,
      phone: input.phone ?? null,
    };
    return d.uow.run(async () => {
      if ((await d.studentProfileRepository.insert(profile)) === 'conflict')
        return err('DUPLICATE_RECORD', 'user_id: the student already has a profile');
      await audit(d, actor, meta, 'students', 'create', profile.id, { user_id: input.userId });
      return ok((await d.studentProfileRepository.findById(actor.tenantId, profile.id))!);
    });
  },
  async update(actor, meta, id, input) {
    const current = await d.studentProfileRepository.findById(actor.tenantId, id);
    if (!current) return err('RECORD_NOT_FOUND');
    const profile = { ...merge(current.profile, input), updatedAt: d.clock.now() };
    await auditedWrite(d, actor, meta, () => d.studentProfileRepository.update(profile), resourceChange('students', 'update', id));
    return ok({ ...current, profile });
  },
  remove: (actor, meta, id) => removeRecord(d, actor, meta, 'students', id, () => d.studentProfileRepository.delete(actor.tenantId, id)),
});
