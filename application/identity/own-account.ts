import { type User } from '../../domain/identity/user.js';
import type { Actor } from '../shared/actor.js';
import type { AuditLog } from '../platform/ports.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { LoginRepository } from './ports/login-repository.js';
import type { PasskeyRepository } from './ports/passkey-repository.js';
import type { UserRepository } from './ports/user-repository.js';

export type ProfileDeps = {
  passkeyRepository: PasskeyRepository;
  userRepository: UserRepository;
  loginRepository: LoginRepository;
  auditLog: AuditLog;
  clock: Clock;
  uow: UnitOfWork;
};

export type ProfileError = 'USER_NOT_FOUND' | 'LAST_SUPER_ADMIN';

/** The caller's own account, looked up in their home tenant. */
export const ownAccount = async (userRepository: UserRepository, actor: Actor): Promise<User | null> => {
  const user = await userRepository.findById(actor.homeTenantId, actor.userId);
  return user && !user.deletedAt ? user : null;
};
