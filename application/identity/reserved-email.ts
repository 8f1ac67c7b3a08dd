import type { UserRepository } from './ports/user-repository.js';

/**
 * A Super Admin's email is theirs in every tenant (contract §4: Super Admins are global, and they
 * log in from any tenant): no account of any tenant may take it (issue 26), else its login there
 * would be someone else's. `self`: the account being changed, which may keep its own address.
 */
export async function isSuperAdminEmail(users: UserRepository, email: string, self?: string): Promise<boolean> {
  const admin = await users.findSuperAdminByEmail(email);
  return admin !== null && admin.id !== self;
}
