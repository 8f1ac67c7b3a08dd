import { randomUUID } from 'node:crypto';
import {
  MemoryAutomationRepository,
  MemoryCustomerRecords,
  MemoryDeliveryRepository,
  MemoryIntegrationRepository,
  MemoryLeadAnalytics,
  MemoryLeadRepository,
  MemoryPeopleDirectory,
} from '../../../adapters/persistence/memory/crm.memory.js';
import { MemoryUserRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import { MemoryAuditLog, MemorySettings, MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';
import { AesSecretBox, hmacWebhookSignatures } from '../../../adapters/security/aes-secret-box.js';
import { libphonenumberPhoneNumbers } from '../../../adapters/security/libphonenumber-phone-numbers.js';
import { RecordingDomainEvents } from '../../../adapters/persistence/memory/webhooks.memory.js';
import { makeLeadIntake } from '../../../application/crm/lead-intake.js';
import type { ChatEvent, ChatEventPublisher } from '../../../application/engagement/index.js';
import type { GraphError, GraphLead, MetaGraph } from '../../../application/crm/ports/meta-graph.js';
import type { Mailer, OutgoingMail } from '../../../application/platform/ports.js';
import type { Actor } from '../../../application/shared/actor.js';
import type { Jobs, JobOptions } from '../../../application/shared/ports.js';
import { err, ok, type Result } from '../../../application/shared/result.js';
import { Role, type RoleLevel } from '../../../domain/identity/role.js';
import type { User } from '../../../domain/identity/user.js';

export class RecordingMailer implements Mailer {
  readonly sent: Array<{ tenantId: string; mail: OutgoingMail }> = [];
  async send(tenantId: string, mail: OutgoingMail) {
    this.sent.push({ tenantId, mail });
    return { id: randomUUID(), messageId: `<${randomUUID()}@test>` };
  }
  to(email: string) {
    return this.sent.filter((s) => s.mail.to === email);
  }
}

export class RecordingJobs implements Jobs {
  readonly queued: Array<{ name: string; payload: unknown; options: JobOptions }> = [];
  async enqueue(name: string, payload: unknown, options: JobOptions = {}) {
    this.queued.push({ name, payload, options });
  }
}

export class RecordingChatEvents implements ChatEventPublisher {
  readonly published: ChatEvent[] = [];
  async publish(event: ChatEvent) {
    this.published.push(event);
  }
}

/** Graph answers from a script: a number of UNAVAILABLE answers, then the lead. */
export class ScriptedGraph implements MetaGraph {
  readonly leads = new Map<string, GraphLead>();
  readonly failures = new Map<string, number>();
  /** Page id → the access tokens that can read it; `unavailable` makes every page read fail as a Graph outage. */
  readonly pages = new Map<string, Set<string>>();
  unavailable = false;
  calls = 0;
  async canReadPage(pageId: string, accessToken: string): Promise<Result<true, GraphError>> {
    if (this.unavailable) return err('UNAVAILABLE', 'HTTP 500');
    return this.pages.get(pageId)?.has(accessToken) ? ok(true) : err('REJECTED', 'HTTP 400 unknown page');
  }

  async fetchLead(id: string): Promise<Result<GraphLead, GraphError>> {
    this.calls++;
    const failing = this.failures.get(id) ?? 0;
    if (failing > 0) {
      this.failures.set(id, failing - 1);
      return err('UNAVAILABLE', 'HTTP 500');
    }
    const lead = this.leads.get(id);
    return lead ? ok(lead) : err('REJECTED', 'HTTP 400 unknown lead');
  }
}

/** Memory adapters wired like the container does, for use-case tests. */
export function memoryWorld() {
  const users = new MemoryUserRepository();
  const leadRepository = new MemoryLeadRepository();
  const customerRecords = new MemoryCustomerRecords();
  const integrationRepository = new MemoryIntegrationRepository();
  const world = {
    tenantId: randomUUID(),
    leadRepository,
    peopleDirectory: new MemoryPeopleDirectory(users),
    customerRecords,
    leadAnalytics: new MemoryLeadAnalytics(leadRepository, customerRecords),
    settingsReader: new MemorySettings(),
    automationRepository: new MemoryAutomationRepository(),
    integrationRepository,
    deliveryRepository: new MemoryDeliveryRepository(integrationRepository),
    userRepository: users,
    mailer: new RecordingMailer(),
    domainEvents: new RecordingDomainEvents(),
    chatEvents: new RecordingChatEvents(),
    jobs: new RecordingJobs(),
    auditLog: new MemoryAuditLog(),
    uow: new MemoryUnitOfWork(),
    ids: { uuid: () => randomUUID() },
    clock: { now: () => new Date() },
    secretBox: new AesSecretBox('unit-test-encryption-key'),
    webhookSignatures: hmacWebhookSignatures,
    phoneNumbers: libphonenumberPhoneNumbers('ID'),
    metaGraph: new ScriptedGraph(),
    log: { info() {}, warn() {}, error() {} },
    crmIngestOptions: { attempts: 5, backoffMs: 10 },
  };
  const leadIntake = makeLeadIntake(world);
  return {
    ...world,
    leadIntake,
    async user(role: RoleLevel = Role.Mentor, overrides: Partial<User> = {}): Promise<User> {
      const now = new Date();
      const id = randomUUID();
      const u: User = {
        id,
        tenantId: world.tenantId,
        username: `u${id.slice(0, 6)}`,
        email: `${id.slice(0, 8)}@example.test`,
        displayName: 'U',
        avatar: null,
        role,
        status: 1,
        passwordHash: null,
        phone: null,
        emailVerifiedAt: now,
        lastLoginAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
        ...overrides,
      };
      await users.insert(u);
      return u;
    },
    actor(user: User): Actor {
      return { userId: user.id, role: user.role, tenantId: world.tenantId, homeTenantId: world.tenantId };
    },
  };
}

export const meta = { ip: '127.0.0.1', userAgent: 'test' };
