import type { AuditLog } from '../platform/ports.js';
import type { Clock, IdGenerator, Jobs, LogPort, UnitOfWork } from '../shared/ports.js';
import type {
  OutboundDeliveryRepository,
  SecretSealer,
  WebhookEndpointRepository,
  WebhookRetryPolicy,
  WebhookSigner,
  WebhookTargets,
  WebhookTransport,
} from './ports.js';

/** Everything the webhook use cases may ask for; each takes the part it needs (`Pick`). */
export type WebhookDeps = {
  webhookEndpointRepository: WebhookEndpointRepository;
  outboundDeliveryRepository: OutboundDeliveryRepository;
  webhookSigner: WebhookSigner;
  webhookTargets: WebhookTargets;
  webhookTransport: WebhookTransport;
  secretBox: SecretSealer;
  webhookRetryPolicy: WebhookRetryPolicy;
  auditLog: AuditLog;
  jobs: Jobs;
  clock: Clock;
  ids: IdGenerator;
  uow: UnitOfWork;
  log: LogPort;
  /** Outbox rows older than this and still pending lost their job (queue down at commit time, a crash). */
  outboxRelayMs: number;
};

/** Binds a sealed secret to its endpoint: a ciphertext copied to another row does not open. */
export const secretContext = (tenantId: string, endpointId: string) => `webhook-endpoint:${tenantId}:${endpointId}`;
