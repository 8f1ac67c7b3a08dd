import { z } from 'zod';
import { Role } from '../../../domain/identity/role.js';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../domain/webhooks/webhook.js';
import { DOMAIN_EVENT_TYPES } from '../../../application/shared/domain-events.js';
import { endpointView, endpointWithSecretView, outboundDeliveryView } from '../wire/webhooks.present.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { acknowledgement, idParam, pageQuery, pageView, text, toPageRequest, url } from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import { actOnId, removeById } from './route-helpers.js';
import * as wire from '../wire/webhooks.wire.js';
import type { WebhooksRegistry } from '../../../application/webhooks/registry.js';

type Deps = Pick<
  WebhooksRegistry,
  | 'registerWebhookEndpoint'
  | 'listWebhookEndpoints'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookSecret'
  | 'listEndpointDeliveries'
  | 'retryOutboundDelivery'
>;

const tags = ['webhooks'];
const events = z.array(z.enum(DOMAIN_EVENT_TYPES)).min(1).max(DOMAIN_EVENT_TYPES.length);
const EndpointBody = z.object({
  url,
  events,
  enabled: z.boolean().optional(),
  description: text(500).nullable().optional(),
});
const EndpointChanges = EndpointBody.partial();
const DeliveriesQuery = pageQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });

/** Outbound webhooks (docs/webhooks.md): Admin and above of the tenant. */
export const makeWebhooksRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    r.get(
      '/api/webhooks/endpoints',
      {
        operationId: 'listWebhookEndpoints',
        response: wire.WebhookEndpointPage,
        errors: errorsFrom(d.listWebhookEndpoints)([]),
        summary: 'Registered webhook endpoints, newest first',
        access: Role.Admin,
        query: pageQuery,
        tags,
      },
      async ({ actor, query }) => pageView(await d.listWebhookEndpoints(actor, toPageRequest(query)), endpointView),
    );

    r.post(
      '/api/webhooks/endpoints',
      {
        operationId: 'createWebhookEndpoint',
        response: wire.WebhookEndpointWithSecret,
        errors: errorsFrom(d.registerWebhookEndpoint)(['WEBHOOK_URL_REFUSED']),
        summary: 'Register an endpoint; its signing secret is answered this once',
        access: Role.Admin,
        body: EndpointBody,
        tags,
      },
      async ({ actor, meta, body }) => endpointWithSecretView(unwrap(await d.registerWebhookEndpoint(actor, meta, body))),
    );

    r.put(
      '/api/webhooks/endpoints/:id',
      {
        operationId: 'updateWebhookEndpoint',
        response: wire.WebhookEndpoint,
        errors: errorsFrom(d.updateWebhookEndpoint)(['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_URL_REFUSED']),
        summary: 'Change an endpoint (any subset of its fields)',
        access: Role.Admin,
        params: idParam,
        body: EndpointChanges,
        tags,
      },
      async ({ actor, meta, params, body }) => endpointView(unwrap(await d.updateWebhookEndpoint(actor, meta, params.id, body))),
    );

    r.delete(
      '/api/webhooks/endpoints/:id',
      {
        operationId: 'deleteWebhookEndpoint',
        response: acknowledgement,
        errors: errorsFrom(d.deleteWebhookEndpoint)(['WEBHOOK_ENDPOINT_NOT_FOUND']),
        summary: 'Delete an endpoint and its delivery log',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      removeById(d.deleteWebhookEndpoint, 'Webhook endpoint deleted'),
    );

    r.post(
      '/api/webhooks/endpoints/:id/rotate-secret',
      {
        operationId: 'rotateWebhookSecret',
        response: wire.WebhookEndpointWithSecret,
        errors: errorsFrom(d.rotateWebhookSecret)(['WEBHOOK_ENDPOINT_NOT_FOUND']),
        summary: 'Replace the signing secret; the new one is answered this once',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, meta, params }) => endpointWithSecretView(unwrap(await d.rotateWebhookSecret(actor, meta, params.id))),
    );

    r.get(
      '/api/webhooks/endpoints/:id/deliveries',
      {
        operationId: 'listOutboundWebhookDeliveries',
        response: wire.OutboundWebhookDeliveryPage,
        errors: errorsFrom(d.listEndpointDeliveries)(['WEBHOOK_ENDPOINT_NOT_FOUND']),
        summary: 'Deliveries to an endpoint, newest first',
        access: Role.Admin,
        params: idParam,
        query: DeliveriesQuery,
        tags,
      },
      async ({ actor, params, query }) =>
        pageView(
          unwrap(await d.listEndpointDeliveries(actor, params.id, { status: query.status }, toPageRequest(query))),
          outboundDeliveryView,
        ),
    );

    r.post(
      '/api/webhooks/deliveries/:id/retry',
      {
        operationId: 'retryOutboundWebhookDelivery',
        response: wire.OutboundWebhookDelivery,
        errors: errorsFrom(d.retryOutboundDelivery)(['WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_DELIVERY_PENDING']),
        summary: 'Send a delivery again (failed or delivered) with the full retry policy',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      actOnId(d.retryOutboundDelivery, outboundDeliveryView, 'Delivery queued for retry'),
    );
  };
