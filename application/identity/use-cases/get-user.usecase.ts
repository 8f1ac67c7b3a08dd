import { type User } from '../../../domain/identity/user.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { visible, type ManageUserError, type UserAdminDeps } from '../user-admin.js';

export const makeGetUser =
  ({ userRepository }: Pick<UserAdminDeps, 'userRepository'>) =>
  async (actor: Actor, id: string): Promise<Result<User, Extract<ManageUserError, 'USER_NOT_FOUND'>>> => {
    const user = visible(await userRepository.findById(actor.tenantId, id));
    return user ? ok(user) : err('USER_NOT_FOUND');
  };
