import { type User } from '../../domain/identity/user.js';
import type { Actor } from '../shared/actor.js';
import type { UserRepository } from './ports/user-repository.js';
import type { IdentityDeps } from './deps.js';

export type ProfileDeps = Pick<IdentityDeps, 'passkeyRepository' | 'userRepository' | 'loginRepository' | 'auditLog' | 'clock' | 'uow'>;

export type ProfileError = 'USER_NOT_FOUND' | 'LAST_SUPER_ADMIN';

/** The caller's own account, looked up in their home tenant. */
export const ownAccount = async (userRepository: UserRepository, actor: Actor): Promise<User | null> => {
  const user = await userRepository.findById(actor.homeTenantId, actor.userId);
  return user && !user.deletedAt ? user : null;
};
