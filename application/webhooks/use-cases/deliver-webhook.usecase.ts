import { isDelivered } from '../../../domain/webhooks/webhook.js';
import { secretContext, type WebhookDeps } from '../deps.js';
import type { SecretSealer } from '../ports.js';

/** Thrown to make the queue try again later (exponential backoff of the job). */
export class RetryWebhookLater extends Error {}

/**
 * The delivery job: one signed POST per try, made here and never in the request that caused
 * the event. Idempotent: a delivery no longer pending is left alone. A 2xx ends it; any other
 * answer, a refused target, a network error or the timeout is recorded and thrown back to the
 * queue until the last try, which marks it `failed` for an admin to retry. Every try is signed
 * anew (its own `webhook-timestamp`) with the endpoint's current secret.
 */
export const makeDeliverWebhook =
  (
    d: Pick<
      WebhookDeps,
      'outboundDeliveryRepository' | 'webhookEndpointRepository' | 'webhookSigner' | 'webhookTransport' | 'secretBox' | 'clock' | 'log'
    >,
  ) =>
  async (tenantId: string, deliveryId: string, job: { final: boolean }): Promise<void> => {
    const delivery = await d.outboundDeliveryRepository.findById(tenantId, deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await d.webhookEndpointRepository.findById(tenantId, delivery.endpointId);
    if (!endpoint || !endpoint.enabled) {
      await d.outboundDeliveryRepository.recordAttempt(
        tenantId,
        deliveryId,
        { statusCode: null, error: 'endpoint disabled', delivered: false, final: true },
        d.clock.now(),
      );
      return;
    }
    const secret = openSecret(d.secretBox, endpoint.sealedSecret, secretContext(tenantId, endpoint.id));
    if (secret === null) {
      // No try can succeed until an admin rotates the secret: failing now beats a day of retries.
      await d.outboundDeliveryRepository.recordAttempt(
        tenantId,
        deliveryId,
        {
          statusCode: null,
          error: 'the signing secret cannot be opened (ENCRYPTION_KEY changed?): rotate it',
          delivered: false,
          final: true,
        },
        d.clock.now(),
      );
      d.log.error('webhooks.secret_unreadable', { tenantId, endpointId: endpoint.id });
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const headers = { 'content-type': 'application/json', ...d.webhookSigner.headers(secret, delivery.eventId, d.clock.now(), body) };
    const response = await d.webhookTransport.post(endpoint.url, headers, body);
    const delivered = isDelivered(response.statusCode);
    const error = delivered ? null : (response.error ?? `HTTP ${response.statusCode}`);
    await d.outboundDeliveryRepository.recordAttempt(
      tenantId,
      deliveryId,
      { statusCode: response.statusCode, error, delivered, final: job.final },
      d.clock.now(),
    );
    if (delivered) return;
    if (!job.final) throw new RetryWebhookLater(`webhook ${deliveryId}: ${error}`);
    d.log.warn('webhooks.delivery_failed', { tenantId, deliveryId, endpointId: endpoint.id, error });
  };

function openSecret(box: SecretSealer, sealed: string, context: string): string | null {
  try {
    return box.open(sealed, context);
  } catch {
    return null;
  }
}
