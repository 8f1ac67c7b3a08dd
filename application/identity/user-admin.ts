import { type RoleLevel, type UserStatusValue } from '../../domain/identity/role.js';
import { type User } from '../../domain/identity/user.js';
import type { AuditLog } from '../platform/ports.js';
import type { Clock, IdGenerator, PhoneNumbers, UnitOfWork } from '../shared/ports.js';
import type { UserEvents } from './ports/user-events.js';
import type { LoginRepository } from './ports/login-repository.js';
import type { PasskeyRepository } from './ports/passkey-repository.js';
import type { PasswordHasher } from './ports/security.js';
import type { UserRepository } from './ports/user-repository.js';

export type ManageUserError = 'USER_NOT_FOUND' | 'INSUFFICIENT_PERMISSION' | 'EMAIL_TAKEN' | 'WEAK_PASSWORD' | 'INVALID_PHONE';

export type UserAdminDeps = {
  passkeyRepository: PasskeyRepository;
  userRepository: UserRepository;
  loginRepository: LoginRepository;
  passwordHasher: PasswordHasher;
  phoneNumbers: PhoneNumbers;
  userEvents: UserEvents;
  auditLog: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  uow: UnitOfWork;
};

export interface UserChanges {
  displayName?: string | undefined;
  email?: string | undefined;
  /** null or blank clears it. */
  phone?: string | null | undefined;
  password?: string | undefined;
  role?: RoleLevel | undefined;
  status?: UserStatusValue | undefined;
}

/** Deleted (anonymised) users no longer exist for the API. */
export const visible = (u: User | null): User | null => (u && !u.deletedAt ? u : null);
