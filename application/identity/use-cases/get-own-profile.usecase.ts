import { Role } from '../../../domain/identity/role.js';
import { anonymise, type User } from '../../../domain/identity/user.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuditLog } from '../../platform/ports.js';
import type { Clock, UnitOfWork } from '../../shared/ports.js';
import type { LoginRepository } from '../ports/login-repository.js';
import type { UserRepository } from '../ports/user-repository.js';
import { ownAccount, type ProfileDeps, type ProfileError } from '../own-account.js';

export const makeGetOwnProfile = ({ userRepository }: Pick<ProfileDeps, 'userRepository'>) =>
  async (actor: Actor): Promise<Result<User, ProfileError>> => {
    const user = await ownAccount(userRepository, actor);
    return user ? ok(user) : err('USER_NOT_FOUND');
  };
