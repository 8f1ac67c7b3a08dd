import { noPaymentEvents } from '../../../application/commerce/ports/payment-events.js';
import { toMinor } from '../../../domain/shared/money.js';
import {
  MemoryOrderRepository,
  MemoryPaymentRepository,
  MemoryPromoCodeReservations,
  MemorySubscriptionRepository,
} from '../../../adapters/persistence/memory/commerce.memory.js';
import { MemoryRecordStore, MemorySubscriptionPlanRepository } from '../../../adapters/persistence/memory/learning.memory.js';
import { MemoryMailRepository } from '../../../adapters/persistence/memory/platform.memory.js';
import { makeSandboxGateway } from '../../../adapters/gateways/payment/sandbox.gateway.js';
import { sha512NotificationSigner } from '../../../adapters/gateways/payment/notification-signer.js';
import { makeLearningCatalog } from '../../../application/learning/learning-catalog.js';
import { makeRevokeEnrollments } from '../../../application/learning/use-cases/revoke-enrollments.usecase.js';
import { makeGrantEnrollments } from '../../../application/learning/use-cases/grant-enrollments.usecase.js';
import { makeMailer } from '../../../application/platform/mail-service.js';
import { makeSettlement } from '../../../application/commerce/settlement.js';
import type { CommerceDeps } from '../../../application/commerce/deps.js';
import type { Pricing, PromoCode, SubscriptionPlan } from '../../../application/learning/index.js';
import type { User } from '../../../domain/identity/user.js';
import { Role } from '../../../domain/identity/role.js';
import { memoryIdentity, RecordingJobs } from '../../support/memory-identity.js';
import { memoryLearning } from '../learning/memory-learning.js';

export const SERVER_KEY = 'unit-server-key';

/** Commerce use-case dependencies on memory adapters (learning's and identity's too). */
export function memoryCommerce() {
  const learning = memoryLearning();
  const identity = memoryIdentity();
  const tenantId = learning.tenantId;
  const plans = new MemorySubscriptionPlanRepository(learning.state);
  const pricingStore = new MemoryRecordStore<Pricing>(['currency'], [['categoryId', 'currency']]);
  const promoCodeStore = new MemoryRecordStore<PromoCode>(['code'], [['code']]);
  const learningCatalog = makeLearningCatalog({
    courseRepository: learning.deps.courseRepository,
    subscriptionPlanRepository: plans,
    pricingStore,
    promoCodeStore,
  });
  const grantEnrollments = makeGrantEnrollments(learning.deps);
  const revokeEnrollments = makeRevokeEnrollments(learning.deps);
  const mailRepository = new MemoryMailRepository();
  const jobs = new RecordingJobs();
  const mailer = makeMailer({ mailRepository, jobs, clock: learning.clock, ids: learning.deps.ids, mailDomain: 'unit.test' });
  const rendered: string[] = [];
  const log = { info() {}, warn() {}, error() {} };
  const deps: CommerceDeps = {
    orderRepository: new MemoryOrderRepository(),
    paymentRepository: new MemoryPaymentRepository(),
    subscriptionRepository: new MemorySubscriptionRepository(),
    paymentGateway: makeSandboxGateway('http://lms.test'),
    notificationSigner: sha512NotificationSigner(SERVER_KEY),
    receiptRenderer: {
      renderPdfBase64: async (doc) => {
        rendered.push(doc.number);
        return Buffer.from(`%PDF-${doc.number}`).toString('base64');
      },
    },
    promoCodeReservations: new MemoryPromoCodeReservations(promoCodeStore.rows),
    paymentEvents: noPaymentEvents,
    learningCatalog,
    learningAccess: learning.learningAccess,
    grantEnrollments,
    revokeEnrollments,
    userRepository: identity.deps.userRepository,
    settingsReader: identity.deps.settingsReader,
    mailer,
    domainEvents: learning.deps.domainEvents,
    jobs,
    clock: learning.clock,
    ids: learning.deps.ids,
    uow: learning.deps.uow,
    log,
  };
  const settlement = makeSettlement(deps);

  const addStudent = async (): Promise<User> => {
    const id = learning.addUser(Role.Student, 'Rina');
    const learner = (await learning.deps.learnerDirectory.findById(tenantId, id))!;
    const now = learning.clock.now();
    const user: User = {
      id,
      tenantId,
      username: `u${id.slice(-6)}`,
      email: learner.email,
      displayName: 'Rina',
      avatar: null,
      role: Role.Student,
      status: 1,
      passwordHash: null,
      phone: null,
      emailVerifiedAt: null,
      lastLoginAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await identity.deps.userRepository.insert(user);
    return user;
  };
  const addPlan = async (over: Partial<SubscriptionPlan> = {}) => {
    const now = learning.clock.now();
    const plan: SubscriptionPlan = {
      id: learning.deps.ids.uuid(),
      tenantId,
      name: 'Monthly',
      description: null,
      price: toMinor(100000),
      currency: 'IDR',
      durationDays: 30,
      categoryIds: [],
      active: true,
      createdAt: now,
      updatedAt: now,
      ...over,
    };
    await plans.save(plan);
    return plan;
  };
  const addPromo = async (over: Partial<PromoCode> = {}) => {
    const now = learning.clock.now();
    const promo: PromoCode = {
      id: learning.deps.ids.uuid(),
      tenantId,
      code: 'SAVE10',
      type: 'percent',
      value: toMinor(10),
      validFrom: null,
      validUntil: null,
      maxUses: null,
      usedCount: 0,
      createdAt: now,
      updatedAt: now,
      ...over,
    };
    await promoCodeStore.insert(promo);
    return promo;
  };
  const actorOf = (u: User) => ({ userId: u.id, role: u.role, tenantId, homeTenantId: tenantId });
  return { deps, settlement, learning, tenantId, mailRepository, rendered, promoCodeStore, addStudent, addPlan, addPromo, actorOf };
}
