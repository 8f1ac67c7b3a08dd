import type { PeopleDirectory } from '../ports/customers.js';
import type { LinkLeadsOfPerson } from './link-leads-of-person.usecase.js';

type Deps = { peopleDirectory: PeopleDirectory; linkLeadsOfPerson: LinkLeadsOfPerson };

/**
 * A user ordered (commerce's `paymentEvents`, in the order's unit of work): the leads naming
 * their email that know nobody yet are linked now (those naming only their phone get a
 * suggestion). This catches a person whose account came before the lead, or before linking existed.
 */
export const makeLinkLeadsOfUser =
  ({ peopleDirectory, linkLeadsOfPerson }: Deps) =>
  async (tenantId: string, userId: string): Promise<number> => {
    const contact = await peopleDirectory.contactOf(tenantId, userId);
    return contact ? linkLeadsOfPerson(tenantId, contact) : 0;
  };

export type LinkLeadsOfUser = ReturnType<typeof makeLinkLeadsOfUser>;
