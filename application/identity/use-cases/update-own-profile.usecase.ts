import { type User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import { err,ok,type Result } from '../../shared/result.js';
import { ownAccount,type ProfileDeps,type ProfileError } from '../own-account.js';

/** Only `display_name` and `avatar`: role, status, email and tenant are not the user's to set. */
export const makeUpdateOwnProfile = ({ userRepository, clock }: Pick<ProfileDeps, 'userRepository' | 'clock'>) =>
  async (actor: Actor, changes: { displayName?: string | undefined; avatar?: string | null | undefined }): Promise<Result<User, ProfileError>> => {
    const user = await ownAccount(userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');
    const updated: User = {
      ...user,
      displayName: changes.displayName ?? user.displayName,
      avatar: changes.avatar === undefined ? user.avatar : changes.avatar,
      updatedAt: clock.now(),
    };
    await userRepository.update(updated);
    return ok(updated);
  };
