import type { Lead } from '../../domain/crm/lead.js';
import type { CustomerEnrolment, CustomerOrder, CustomerRecords, PeopleDirectory, PersonSummary } from './ports/customers.js';

/** How many orders and enrolments a lead's detail shows (newest first). */
export const PERSON_RECORDS_LIMIT = 50;

/** Who a lead is in the rest of the service: its user, or the suggestion or candidates of a phone match. */
export interface LeadPerson {
  user: PersonSummary | null;
  suggested: PersonSummary | null;
  candidates: PersonSummary[];
  orders: CustomerOrder[];
  enrolments: CustomerEnrolment[];
}

export type LeadPersonDeps = { peopleDirectory: PeopleDirectory; customerRecords: CustomerRecords };

export async function personOf(d: LeadPersonDeps, lead: Lead): Promise<LeadPerson> {
  if (lead.userId) {
    // One after the other: inside a unit of work (create, update) they share one connection.
    const users = await d.peopleDirectory.findManyByIds(lead.tenantId, [lead.userId]);
    const orders = await d.customerRecords.orders(lead.tenantId, lead.userId, PERSON_RECORDS_LIMIT);
    const enrolments = await d.customerRecords.enrolments(lead.tenantId, lead.userId, PERSON_RECORDS_LIMIT);
    return { user: users[0] ?? null, suggested: null, candidates: [], orders, enrolments };
  }
  if (lead.suggestedUserId) {
    const suggested = await d.peopleDirectory.findManyByIds(lead.tenantId, [lead.suggestedUserId]);
    return { user: null, suggested: suggested[0] ?? null, candidates: [], orders: [], enrolments: [] };
  }
  const candidates = lead.linkCandidates?.length ? await d.peopleDirectory.findManyByIds(lead.tenantId, lead.linkCandidates) : [];
  return { user: null, suggested: null, candidates, orders: [], enrolments: [] };
}
