import { expect } from 'chai';
import { makeRelayQueuedMail } from '../../../application/platform/use-cases/relay-queued-mail.usecase.js';
import { makeDeliverMail } from '../../../application/platform/use-cases/deliver-mail.usecase.js';
import { memoryIdentity } from '../../support/memory-identity.js';

describe('use cases: mail outbox delivery and relay', () => {
  it('re-enqueues only mail still queued after a minute', async () => {
    const { deps, tenantId } = memoryIdentity();
    const old = await deps.mailer.send(tenantId, { to: 'old@example.test', subject: 'Old' });
    deps.clock.advance(61_000);
    await deps.mailer.send(tenantId, { to: 'new@example.test', subject: 'New' });
    deps.jobs.enqueued.length = 0;
    expect(await makeRelayQueuedMail({ ...deps, outboxRelayMs: 60_000 })()).to.equal(1);
    expect(deps.jobs.enqueued.map(({ name, payload }) => ({ name, payload }))).to.deep.equal([
      { name: 'mail.deliver', payload: { id: old.id } },
    ]);
    expect(deps.jobs.enqueued[0]?.options?.jobId).to.equal(`mail-${old.id}`);
    // A job that ended (gave up on an outage) while the mail stayed queued is replaced.
    expect(deps.jobs.enqueued[0]?.options?.revive).to.equal(true);
  });

  it('delivers once: a redelivered job does not send a sent mail again', async () => {
    const { deps, tenantId } = memoryIdentity();
    const sent: string[] = [];
    const deliver = makeDeliverMail({
      ...deps,
      mailTransport: {
        deliver: async (m) => {
          sent.push(m.id);
          return 'sent';
        },
      },
    });
    const mail = await deps.mailer.send(tenantId, { to: 'x@example.test', subject: 'Hi' });
    await deliver(mail.id, false);
    await deliver(mail.id, false);
    expect(sent).to.deep.equal([mail.id]);
    expect(deps.mailRepository.rows.get(mail.id)?.status).to.equal('sent');
  });

  it('a mail the transport only stored is marked stored, and not stored again on redelivery', async () => {
    const { deps, tenantId } = memoryIdentity();
    const stored: string[] = [];
    const deliver = makeDeliverMail({
      ...deps,
      mailTransport: {
        deliver: async (m) => {
          stored.push(m.id);
          return 'stored';
        },
      },
    });
    const mail = await deps.mailer.send(tenantId, { to: 'x@example.test', subject: 'Hi' });
    await deliver(mail.id, false);
    await deliver(mail.id, false);
    expect(stored).to.deep.equal([mail.id]);
    expect(deps.mailRepository.rows.get(mail.id)).to.include({ status: 'stored', attempts: 1 });
  });

  it('marks a mail failed only on the final attempt', async () => {
    const { deps, tenantId } = memoryIdentity();
    const deliver = makeDeliverMail({
      ...deps,
      mailTransport: {
        deliver: async () => {
          throw new Error('smtp down');
        },
      },
    });
    const mail = await deps.mailer.send(tenantId, { to: 'x@example.test', subject: 'Hi' });
    await deliver(mail.id, false).catch(() => {});
    expect(deps.mailRepository.rows.get(mail.id)).to.include({ status: 'queued', lastError: 'smtp down', attempts: 1 });
    await deliver(mail.id, true).catch(() => {});
    expect(deps.mailRepository.rows.get(mail.id)?.status).to.equal('failed');
  });

  it('leaves a mail queued when the database fails around the transport, even on the final attempt', async () => {
    const { deps, tenantId } = memoryIdentity();
    const mail = await deps.mailer.send(tenantId, { to: 'x@example.test', subject: 'Hi' });
    const outage = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
    const deliver = makeDeliverMail({
      ...deps,
      settingsReader: {
        get: async () => {
          throw outage;
        },
        invalidate: async () => {},
      },
      mailTransport: { deliver: async () => 'sent' },
    });
    let thrown: unknown = null;
    await deliver(mail.id, true).catch((e: unknown) => (thrown = e));
    expect(thrown).to.equal(outage);
    expect(deps.mailRepository.rows.get(mail.id)).to.include({ status: 'queued', attempts: 0 });
  });
});
