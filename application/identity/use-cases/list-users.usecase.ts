import { checkUserChange, canAssignRole } from '../../../domain/identity/hierarchy.js';
import { UserStatus, type RoleLevel, type UserStatusValue } from '../../../domain/identity/role.js';
import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { anonymise, normaliseEmail, type User } from '../../../domain/identity/user.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuditLog } from '../../platform/ports.js';
import type { Clock, IdGenerator, PageRequest, UnitOfWork } from '../../shared/ports.js';
import type { LoginRepository } from '../ports/login-repository.js';
import type { PasswordHasher } from '../ports/security.js';
import type { UserFilter, UserRepository } from '../ports/user-repository.js';
import { visible, type ManageUserError, type UserAdminDeps, type UserChanges } from '../user-admin.js';

export const makeListUsers = ({ userRepository }: Pick<UserAdminDeps, 'userRepository'>) =>
  (actor: Actor, filter: UserFilter, page: PageRequest) => userRepository.list(actor.tenantId, filter, page);
