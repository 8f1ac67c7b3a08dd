import type { DomainEvents } from '../shared/domain-events.js';
import type { GrantEnrollments, LearningAccess, LearningCatalog, RevokeEnrollments } from '../learning/index.js';
import type { Mailer, SettingsReader } from '../platform/ports.js';
import type { UserRepository } from '../identity/ports/user-repository.js';
import type { Clock, IdGenerator, Jobs, LogPort, UnitOfWork } from '../shared/ports.js';
import type { OrderRepository } from './ports/order-repository.js';
import type { PaymentRepository } from './ports/payment-repository.js';
import type { SubscriptionRepository } from './ports/subscription-repository.js';
import type { NotificationSigner, PaymentGateway } from './ports/payment-gateway.js';
import type { ReceiptRenderer } from './ports/receipt-renderer.js';
import type { PromoCodeReservations } from './ports/promo-code-reservations.js';
import type { PaymentEvents } from './ports/payment-events.js';

/** Everything the commerce use cases may ask for; each takes the part it needs (`Pick`). */
export type CommerceDeps = {
  orderRepository: OrderRepository;
  paymentRepository: PaymentRepository;
  subscriptionRepository: SubscriptionRepository;
  paymentGateway: PaymentGateway;
  notificationSigner: NotificationSigner;
  receiptRenderer: ReceiptRenderer;
  promoCodeReservations: PromoCodeReservations;
  paymentEvents: PaymentEvents;
  learningCatalog: LearningCatalog;
  learningAccess: LearningAccess;
  grantEnrollments: GrantEnrollments;
  revokeEnrollments: RevokeEnrollments;
  userRepository: UserRepository;
  settingsReader: SettingsReader;
  mailer: Mailer;
  domainEvents: DomainEvents;
  jobs: Jobs;
  clock: Clock;
  ids: IdGenerator;
  uow: UnitOfWork;
  log: LogPort;
};
