import { type User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { ownAccount, type ProfileDeps, type ProfileError } from '../own-account.js';

export const makeGetOwnProfile =
  ({ userRepository }: Pick<ProfileDeps, 'userRepository'>) =>
  async (actor: Actor): Promise<Result<User, Extract<ProfileError, 'USER_NOT_FOUND'>>> => {
    const user = await ownAccount(userRepository, actor);
    return user ? ok(user) : err('USER_NOT_FOUND');
  };
