import type { Minor } from '../shared/money.js';
import { blankEvent, CLOSED_STATUSES, type Lead, type LeadEventDraft, type PipelineReason } from './lead.js';

/**
 * Payments move the pipeline (issue 20). `paidTotal` is what the lead's person has paid over
 * all their paid orders now (after this payment or refund), summed by the database.
 *
 * - Something is paid and the lead is still open: `closed_won` with `value` = the total, one
 *   history entry (`status_changed`, reason `payment`, the value on it). Already `closed_won`:
 *   only the value follows the total (reason `payment` or `refund`, whichever moved it). `closed_lost` is a person's decision and stays.
 * - Nothing is paid any more and the lead is `closed_won`: back to `converted` (the person did
 *   convert; the money did not stay), value cleared, reason `refund`.
 *
 * The same total twice changes nothing, so a replayed notification is harmless.
 */
export function applyPaidTotal(lead: Lead, paidTotal: Minor, cause: PipelineReason, at: Date): { lead: Lead; events: LeadEventDraft[] } {
  if (paidTotal > 0n) {
    if (lead.status === 'closed_won') {
      if (lead.value === paidTotal) return { lead, events: [] };
      return {
        lead: { ...lead, value: paidTotal, updatedAt: at },
        events: [{ ...blankEvent('value_changed', null), value: paidTotal, reason: cause }],
      };
    }
    if (CLOSED_STATUSES.includes(lead.status)) return { lead, events: [] };
    return {
      lead: { ...lead, status: 'closed_won', value: paidTotal, statusChangedAt: at, closedAt: at, updatedAt: at },
      events: [
        { ...blankEvent('status_changed', null), fromStatus: lead.status, toStatus: 'closed_won', value: paidTotal, reason: 'payment' },
      ],
    };
  }
  if (lead.status !== 'closed_won') return { lead, events: [] };
  return {
    lead: { ...lead, status: 'converted', value: null, statusChangedAt: at, closedAt: null, updatedAt: at },
    events: [{ ...blankEvent('status_changed', null), fromStatus: 'closed_won', toStatus: 'converted', reason: 'refund' }],
  };
}
