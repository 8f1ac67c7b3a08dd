import type { PageRequest } from '../../shared/ports.js';
import type { LearningDeps } from '../deps.js';

/** The caller's certificates, newest first. */
export const makeListMyCertificates =
  (d: Pick<LearningDeps, 'certificateRepository'>) => (tenantId: string, userId: string, page: PageRequest) =>
    d.certificateRepository.listOfUsers(tenantId, [userId], page);
