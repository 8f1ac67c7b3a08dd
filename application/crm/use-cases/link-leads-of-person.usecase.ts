import { linkLead, type LinkDeps } from '../lead-linking.js';

/**
 * A user was registered, created or changed their email or phone (identity calls this through
 * its `userEvents` port, inside its own unit of work): the leads that name them and know nobody
 * yet are linked now, or marked ambiguous. Answers how many leads got linked.
 */
export const makeLinkLeadsOfPerson = (d: LinkDeps) =>
  async (tenantId: string, contact: { email: string | null; phone: string | null }): Promise<number> => {
    if (!contact.email && !contact.phone) return 0;
    let linked = 0;
    for (const lead of await d.leadRepository.findUnlinkedFor(tenantId, contact)) {
      if ((await linkLead(d, lead)).userId !== null) linked++;
    }
    return linked;
  };

export type LinkLeadsOfPerson = ReturnType<typeof makeLinkLeadsOfPerson>;
