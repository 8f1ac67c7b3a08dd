import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { DeliveryFilter, DeliveryRepository, WebhookDelivery } from '../ports/delivery-repository.js';

type Deps = { deliveryRepository: DeliveryRepository };

/** Newest first; filter by status (e.g. `failed`) and provider. */
export const makeListWebhookDeliveries =
  ({ deliveryRepository }: Deps) =>
  (actor: Actor, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>> =>
    deliveryRepository.list(actor.tenantId, filter, page);
