import { type User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import type { PhoneNumbers } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import { ownAccount, type ProfileDeps, type ProfileError } from '../own-account.js';
import { normalisePhone } from '../phone.js';
import type { UserEvents } from '../ports/user-events.js';

type Deps = Pick<ProfileDeps, 'userRepository' | 'clock' | 'uow'> & { phoneNumbers: PhoneNumbers; userEvents: UserEvents };

/** Only `display_name`, `avatar` and `phone`: role, status, email and tenant are not the user's to set. */
export const makeUpdateOwnProfile =
  ({ userRepository, clock, uow, phoneNumbers, userEvents }: Deps) =>
  async (
    actor: Actor,
    changes: { displayName?: string | undefined; avatar?: string | null | undefined; phone?: string | null | undefined },
  ): Promise<Result<User, Extract<ProfileError, 'USER_NOT_FOUND'> | 'INVALID_PHONE'>> => {
    const user = await ownAccount(userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');
    const phone = normalisePhone(phoneNumbers, changes.phone);
    if (!phone.ok) return err('INVALID_PHONE', 'phone: not a phone number');
    const updated: User = {
      ...user,
      displayName: changes.displayName ?? user.displayName,
      avatar: changes.avatar === undefined ? user.avatar : changes.avatar,
      phone: phone.value === undefined ? user.phone : phone.value,
      updatedAt: clock.now(),
    };
    await uow.run(async () => {
      await userRepository.update(updated);
      if (updated.phone !== user.phone) await userEvents.contactEdited(updated);
    });
    return ok(updated);
  };
