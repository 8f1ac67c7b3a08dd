import type { Knex } from 'knex';
import type { Lead, LeadAnswer } from '../../../../domain/crm/lead.js';
import type { WebhookDelivery } from '../../../../application/crm/ports/delivery-repository.js';
import type { Integration } from '../../../../application/crm/ports/integration-repository.js';

/**
 * Rows of the CRM tables (conventions in commerce.rows.ts): a lead's `value` is `numeric` money as
 * decimal text, jsonb is read as its value and written as JSON text.
 */

export type LeadRow = Omit<Lead, 'value' | 'answers' | 'linkCandidates'> & {
  value: string | null;
  answers: LeadAnswer[] | null;
  linkCandidates: string[] | null;
};
export type LeadWrite = Omit<LeadRow, 'answers' | 'linkCandidates'> & { answers: string; linkCandidates: string | null };

export type DeliveryRow = WebhookDelivery;
export type DeliveryWrite = Omit<WebhookDelivery, 'payload'> & { payload: string };

export type IntegrationRow = Integration;

declare module 'knex/types/tables.js' {
  interface Tables {
    crm_leads: Knex.CompositeTableType<LeadRow, LeadWrite, Partial<LeadWrite>>;
    crm_webhook_deliveries: Knex.CompositeTableType<DeliveryRow, DeliveryWrite, Partial<DeliveryWrite>>;
    crm_integrations: IntegrationRow;
  }
}
