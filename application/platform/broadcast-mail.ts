import { personalise } from '../../domain/platform/mail-events.js';
import { htmlParagraphs } from './mail-templates.js';
import type { Broadcast, BroadcastRecipient } from './mail-ports.js';
import type { OutgoingMail } from './ports.js';

/** A broadcast to one recipient; `{{name}}` and `{{email}}` are theirs. Text only: HTML from it. */
export function broadcastMail(b: Broadcast, r: Pick<BroadcastRecipient, 'email' | 'displayName'>): OutgoingMail {
  const text = b.text === null ? undefined : personalise(b.text, r);
  const html = b.html !== null ? personalise(b.html, r) : text !== undefined ? htmlParagraphs(text) : undefined;
  return {
    to: r.email,
    subject: personalise(b.subject, r),
    ...(text !== undefined ? { text } : {}),
    ...(html !== undefined ? { html } : {}),
    template: 'broadcast',
  };
}
