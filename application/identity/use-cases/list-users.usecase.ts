import type { Actor } from '../../shared/actor.js';
import type { PageRequest } from '../../shared/ports.js';
import type { UserFilter } from '../ports/user-repository.js';
import { type UserAdminDeps } from '../user-admin.js';

export const makeListUsers =
  ({ userRepository }: Pick<UserAdminDeps, 'userRepository'>) =>
  (actor: Actor, filter: UserFilter, page: PageRequest) =>
    userRepository.list(actor.tenantId, filter, page);
