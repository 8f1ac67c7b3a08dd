import type { User } from '../../../domain/identity/user.js';

/**
 * Told when a user is registered or created, or their email or phone changes, inside the unit
 * of work that saves them: the CRM links the leads that name this person (issue 20), and its
 * registration in the CRM module replaces this default.
 */
export interface UserEvents {
  saved(user: User): Promise<void>;
}

export const noUserEvents: UserEvents = { saved: async () => {} };
