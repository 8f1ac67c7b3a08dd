import type { OutboundDelivery, WebhookDeliveryStatus } from '../../../domain/webhooks/webhook.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { WebhookDeps } from '../deps.js';

export const makeListEndpointDeliveries =
  (d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'outboundDeliveryRepository'>) =>
  async (
    actor: Actor,
    endpointId: string,
    filter: { status?: WebhookDeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Result<Page<OutboundDelivery>, 'WEBHOOK_ENDPOINT_NOT_FOUND'>> => {
    if (!(await d.webhookEndpointRepository.findById(actor.tenantId, endpointId))) return err('WEBHOOK_ENDPOINT_NOT_FOUND');
    return ok(await d.outboundDeliveryRepository.listByEndpoint(actor.tenantId, endpointId, filter, page));
  };
