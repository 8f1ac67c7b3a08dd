import type { User } from '../../../domain/identity/user.js';

/**
 * Told inside the unit of work that saves a user: the CRM links the leads that name this person
 * (issue 20), and its registration in the CRM module replaces this default.
 */
export interface UserEvents {
  /** A new account (registration, an admin's creation, an accepted invitation), made with this email. */
  created(user: User): Promise<void>;
  /** An edit changed the user's email or phone: neither is proven by it, so nothing is linked by it (issue 26). */
  contactEdited(user: User): Promise<void>;
}

export const noUserEvents: UserEvents = { created: async () => {}, contactEdited: async () => {} };
