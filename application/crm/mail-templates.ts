import type { Lead } from '../../domain/crm/lead.js';
import type { OutgoingMail } from '../platform/ports.js';
import { htmlParagraphs } from '../platform/mail-templates.js';

/** The alert a sales member gets when a lead is handed to them (spec Events: "sales is alerted"). */
export function leadAssignedMail(to: string, lead: Lead): OutgoingMail {
  const who = lead.name ?? lead.email ?? lead.phone ?? 'a new lead';
  const lines = [
    ['Name', lead.name],
    ['Phone', lead.phone],
    ['Email', lead.email],
    ['City', lead.city],
    ['Region', lead.region],
    ['Category', lead.category],
    ['Source', lead.provider],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`);
  const answers = lead.answers.map((a) => `- ${a.question}: ${a.answer}`);
  const text = [
    `A lead has been assigned to you: ${who}${lead.isTest ? ' (test lead)' : ''}.`,
    lines.join('\n'),
    answers.length ? `Answers:\n${answers.join('\n')}` : '',
    `Lead id: ${lead.id}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { to, subject: `New lead assigned: ${who}`, text, html: htmlParagraphs(text), template: 'crm_lead_assigned' };
}
