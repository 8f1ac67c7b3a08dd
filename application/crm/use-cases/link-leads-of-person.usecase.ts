import { linkLead, type LinkDeps } from '../lead-linking.js';

/**
 * A user was registered or created, or an edit changed their email or phone (identity calls this
 * through its `userEvents` port, inside its own unit of work), or they ordered: the leads that
 * name them and know nobody yet are linked now by email, or get a suggestion or candidates by
 * phone. After an edit (`byEmail: false`) only the phone is looked at. Answers how many leads got linked.
 */
export const makeLinkLeadsOfPerson =
  (d: LinkDeps) =>
  async (
    tenantId: string,
    contact: { email: string | null; phone: string | null },
    options: { byEmail: boolean } = { byEmail: true },
  ): Promise<number> => {
    const lookup = { email: options.byEmail ? contact.email : null, phone: contact.phone };
    if (!lookup.email && !lookup.phone) return 0;
    let linked = 0;
    for (const lead of await d.leadRepository.findUnlinkedFor(tenantId, lookup)) {
      if ((await linkLead(d, lead, options)).userId !== null) linked++;
    }
    return linked;
  };

export type LinkLeadsOfPerson = ReturnType<typeof makeLinkLeadsOfPerson>;
